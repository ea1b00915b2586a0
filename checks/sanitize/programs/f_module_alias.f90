! Violation: call setg(g, r): dummy a is module variable g, which setg also assigns directly (g = 2) between a = 1 and the read of a.
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
  integer :: r
  call setg(g, r)
  print '(A,I4,A,I4)', 'r=', r, ' g=', g
end program main
