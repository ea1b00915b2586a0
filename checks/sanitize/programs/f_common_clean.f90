! Clean: call bump(x, 4): dummy a is a local array, distinct from COMMON array c, which bump only reads.
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
  integer :: c(4), x(4)
  common /blk/ c
  c = [3, 5, 7, 9]
  x = [3, 5, 7, 9]
  call bump(x, 4)
  print '(8I5)', x, c
end program main
