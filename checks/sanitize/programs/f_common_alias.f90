! Violation: call bump(c, 4): dummy a is COMMON array c; a(1) is written while bump reads c(1) through the COMMON block every iteration.
subroutine bump(a, n)
  implicit none
  integer, intent(in) :: n
  integer, intent(inout) :: a(n)
  integer :: c(4)
  common /blk/ c
  integer :: i
  do i = 1, n
    a(i) = a(i) + c(1)
  end do
end subroutine bump

program main
  implicit none
  integer :: c(4)
  common /blk/ c
  c = [3, 5, 7, 9]
  call bump(c, 4)
  print '(4I5)', c
end program main
