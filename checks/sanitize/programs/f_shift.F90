! shift(a, b, n) called with one array twice (-DVIOLATION: f_shift) or two distinct ones (f_shift_distinct).
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
  integer :: x(16), y(16), i
  x = [(10 * i, i = 1, 16)]
  y = 0
#ifdef VIOLATION
  ! Violation: call shift(x, x, 16): a(i+1) is written while b(i+1) (the same element) is read in the next iteration.
  !dir$ noinline
  call shift(x, x, 16)
  print '(16I5)', x
#else
  ! Clean: call shift(y, x, 16): the written dummy a and the read dummy b are distinct arrays.
  !dir$ noinline
  call shift(y, x, 16)
  print '(16I5)', y
#endif
end program main
