! Clean: call both(x, y, 4): dummies a and b are two distinct arrays, both assigned.
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
  integer :: x(4), y(4)
  x = 0
  y = 0
  call both(x, y, 4)
  print '(8I5)', x, y
end program main
