! both(a, b, n), which assigns both dummies, called with one array twice (-DVIOLATION: f_two_modified) or two (f_two_distinct).
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
#ifdef VIOLATION
  ! Violation: call both(x, x, 4): dummies a and b are one array and both are assigned, so b(i) = 10*i clobbers a(i).
  call both(x, x, 4)
  print '(4I5)', x
#else
  ! Clean: call both(x, y, 4): dummies a and b are two distinct arrays, both assigned.
  call both(x, y, 4)
  print '(8I5)', x, y
#endif
end program main
