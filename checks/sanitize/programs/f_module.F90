! setg(a, r), which also assigns module variable g, called with g itself (-DVIOLATION: f_module_alias) or a local (f_module_clean).
module state
  implicit none
  integer :: g = 0
end module state

subroutine setg(a, r)
  use state
  implicit none
  integer, intent(inout) :: a
  integer, intent(out) :: r
  a = 1
  g = 2
  r = a + 10
end subroutine setg

program main
  use state
  implicit none
  integer :: r, v
#ifdef VIOLATION
  ! Violation: call setg(g, r): dummy a is module variable g, which setg also assigns directly (g = 2) between a = 1 and the read of a.
  call setg(g, r)
  print '(A,I4,A,I4)', 'r=', r, ' g=', g
#else
  ! Clean: call setg(v, r): dummy a is a local variable distinct from module variable g, which setg assigns.
  v = 0
  call setg(v, r)
  print '(A,I4,A,I4,A,I4)', 'r=', r, ' g=', g, ' v=', v
#endif
end program main
