! Compiled alone, nothing here can go wrong: bump's dummy arguments x and
! y must not overlap where one is modified (Fortran's rule), and Flang
! tells LLVM so (noalias arguments, TBAA tags of distinct dummy
! arguments), but there is no earlier store of y(j) to forward.
subroutine bump(x, y, i, j)
  integer :: i, j
  real :: x(*), y(*)
  x(i) = 5.0
  y(j) = y(j) + 1.0
end subroutine
