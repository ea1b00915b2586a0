! Clean: call setg(v, r): dummy a is a local variable distinct from module variable g, which setg assigns.
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
  v = 0
  call setg(v, r)
  print '(A,I4,A,I4,A,I4)', 'r=', r, ' g=', g, ' v=', v
end program main
