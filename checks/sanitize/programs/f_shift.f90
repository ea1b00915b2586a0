! Violation: call shift(x, x, 16): a(i+1) is written while b(i+1) (the same element) is read in the next iteration.
subroutine shift(a, b, n)
  implicit none
  integer, intent(in) :: n
  integer, intent(inout) :: a(n)
  integer, intent(in) :: b(n)
  integer :: i
  do i = 1, n - 1
    a(i + 1) = b(i) + 1
  end do
end subroutine shift

program main
  implicit none
  integer :: x(16), i
  x = [(10 * i, i = 1, 16)]
  !dir$ noinline
  call shift(x, x, 16)
  print '(16I5)', x
end program main
