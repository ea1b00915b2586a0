! Violation: call both(x, x, 4): dummies a and b are one array and both are assigned, so b(i) = 10*i clobbers a(i).
subroutine both(a, b, n)
  implicit none
  integer, intent(in) :: n
  integer, intent(inout) :: a(n), b(n)
  integer :: i
  do i = 1, n
    a(i) = i
    b(i) = 10 * i
    a(i) = a(i) + 1
  end do
end subroutine both

program main
  implicit none
  integer :: x(4)
  x = 0
  call both(x, x, 4)
  print '(4I5)', x
end program main
