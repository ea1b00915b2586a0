! bump(a, n), which reads COMMON array c, called with c itself (-DVIOLATION: f_common_alias) or a local array (f_common_clean).
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
#ifdef VIOLATION
  ! Violation: call bump(c, 4): dummy a is COMMON array c; a(1) is written while bump reads c(1) through the COMMON block every iteration.
  call bump(c, 4)
  print '(4I5)', c
#else
  ! Clean: call bump(x, 4): dummy a is a local array, distinct from COMMON array c, which bump only reads.
  x = [3, 5, 7, 9]
  call bump(x, 4)
  print '(8I5)', x, c
#endif
end program main
