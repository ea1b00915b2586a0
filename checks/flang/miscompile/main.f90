! Passes one array as both of bump's dummy arguments, both modified, and
! i = j at run time: Fortran forbids it. The LTO link inlines bump (in
! another file) into the program, its noalias arguments become scopes, and
! the scopes (or bump's TBAA tags) say that x(i) = 5.0 cannot change y(j):
! y(j) + 1.0 is computed from the 10.0 stored here, and a(j) ends 11.0
! instead of 6.0.
program main
  implicit none
  real :: a(4)
  integer, volatile :: k = 2
  integer :: i, j
  a = 0.0
  i = k
  j = k
  a(j) = 10.0
  call bump(a, a, i, j)
  print '(a,f5.1)', 'a(j) = ', a(j)
end program
