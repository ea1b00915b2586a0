! A Jacobi sweep over dummy arguments: row j + 1 of u, read in the j loop,
! starts at an address computed from j + 1 (a default integer, extended).
module sweep
  implicit none
contains
  subroutine relax(u, unew, n)
    integer, intent(in) :: n
    real(8), intent(in) :: u(n, n)
    real(8), intent(inout) :: unew(n, n)
    integer :: i, j
    do j = 2, n - 1
      do i = 2, n - 1
        unew(i, j) = 0.25d0 * (u(i - 1, j) + u(i + 1, j) + u(i, j - 1) + u(i, j + 1))
      end do
    end do
  end subroutine
end module

program main
  use sweep
  implicit none
  integer, parameter :: n = 40
  real(8), allocatable :: a(:, :), b(:, :)
  character(len=16) :: arg
  integer :: k
  allocate(a(n, n), b(n, n))
  a = 1; b = 0
  do k = 1, n
    a(k, k) = k
  end do
  call get_command_argument(1, arg)
  if (arg == 'overlap') then
    ! u and unew are one array: the dummy arguments may not overlap when
    ! one is modified.
    call relax(a, a, n)
    print '(f10.4)', sum(a)
  else
    call relax(a, b, n)
    print '(f10.4)', sum(b)
  end if
end program
