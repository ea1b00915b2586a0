! One array passed as both dummy arguments of one call: their TBAA trees
! claim they do not overlap (Fortran forbids it when one is written).
subroutine shift(u, unew, n)
  integer :: n, i
  real :: u(n), unew(n)
  do i = 2, n
    unew(i) = u(i - 1) + 1.0
  end do
end subroutine
program main
  real :: a(8)
  integer :: i
  interface
    subroutine shift(u, unew, n)
      integer :: n
      real :: u(n), unew(n)
    end subroutine
  end interface
  a = 0.0
  call shift(a, a, 8)
  print *, (a(i), i = 1, 8)
end program
