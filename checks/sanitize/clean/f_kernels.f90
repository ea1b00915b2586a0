! Array kernels with dummy arguments that do not alias (or alias only
! through reads): matrix products, a Jacobi stencil, a tridiagonal solve,
! array sections of one array passed as disjoint dummies, module state.
! Deterministic output.
module grid_mod
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  real(dp), allocatable :: field(:,:)
  integer :: calls = 0
contains
  subroutine count_call()
    calls = calls + 1
  end subroutine

  subroutine init_field(n)
    integer, intent(in) :: n
    integer :: i, j
    allocate(field(n, n))
    do j = 1, n
      do i = 1, n
        field(i, j) = real(mod(i * 7 + j * 13, 23), dp) / 23.0_dp
      end do
    end do
  end subroutine

  subroutine relax(u, unew, n)
    integer, intent(in) :: n
    real(dp), intent(in) :: u(n, n)
    real(dp), intent(out) :: unew(n, n)
    integer :: i, j
    call count_call()
    unew(1, :) = u(1, :)
    unew(n, :) = u(n, :)
    unew(:, 1) = u(:, 1)
    unew(:, n) = u(:, n)
    do j = 2, n - 1
      do i = 2, n - 1
        unew(i, j) = 0.25_dp * (u(i - 1, j) + u(i + 1, j) + u(i, j - 1) + u(i, j + 1))
      end do
    end do
  end subroutine
end module

module linalg
  use grid_mod, only: dp
  implicit none
contains
  subroutine gemm(a, b, c, n, m, k)
    integer, intent(in) :: n, m, k
    real(dp), intent(in) :: a(n, k), b(k, m)
    real(dp), intent(inout) :: c(n, m)
    integer :: i, j, l
    do j = 1, m
      do l = 1, k
        do i = 1, n
          c(i, j) = c(i, j) + a(i, l) * b(l, j)
        end do
      end do
    end do
  end subroutine

  subroutine axpy(n, alpha, x, y)
    integer, intent(in) :: n
    real(dp), intent(in) :: alpha, x(n)
    real(dp), intent(inout) :: y(n)
    integer :: i
    do i = 1, n
      y(i) = y(i) + alpha * x(i)
    end do
  end subroutine

  function dot(x, y) result(s)
    real(dp), intent(in) :: x(:), y(:)
    real(dp) :: s
    integer :: i
    s = 0
    do i = 1, size(x)
      s = s + x(i) * y(i)
    end do
  end function

  ! Thomas algorithm: a sub-, b main, c super-diagonal, d right side; x out.
  subroutine tridiag(a, b, c, d, x, n, cp, dp_)
    integer, intent(in) :: n
    real(dp), intent(in) :: a(n), b(n), c(n), d(n)
    real(dp), intent(out) :: x(n), cp(n), dp_(n)
    integer :: i
    real(dp) :: m
    cp(1) = c(1) / b(1)
    dp_(1) = d(1) / b(1)
    do i = 2, n
      m = b(i) - a(i) * cp(i - 1)
      cp(i) = c(i) / m
      dp_(i) = (d(i) - a(i) * dp_(i - 1)) / m
    end do
    x(n) = dp_(n)
    do i = n - 1, 1, -1
      x(i) = dp_(i) - cp(i) * x(i + 1)
    end do
  end subroutine

  subroutine scale_cols(a, s)
    real(dp), intent(inout) :: a(:, :)
    real(dp), intent(in) :: s(:)
    integer :: j
    do j = 1, size(a, 2)
      a(:, j) = a(:, j) * s(j)
    end do
  end subroutine

  subroutine prefix(x, y, n)
    integer, intent(in) :: n
    real(dp), intent(in) :: x(n)
    real(dp), intent(out) :: y(n)
    integer :: i
    y(1) = x(1)
    do i = 2, n
      y(i) = y(i - 1) + x(i)
    end do
  end subroutine
end module

program kernels
  use grid_mod
  use linalg
  implicit none
  integer, parameter :: n = 48
  real(dp), allocatable :: a(:,:), b(:,:), c(:,:), u(:,:), v(:,:), w(:)
  real(dp) :: ta(200), tb(200), tc(200), td(200), tx(200), t1(200), t2(200)
  real(dp) :: big(1000), s
  integer :: i, j, it, scale
  character(len=16) :: arg

  scale = 1
  if (command_argument_count() > 0) then
    call get_command_argument(1, arg)
    read(arg, *) scale
  end if
  allocate(a(n, n), b(n, n), c(n, n), u(n, n), v(n, n), w(n))
  do j = 1, n
    do i = 1, n
      a(i, j) = real(mod(i + 2 * j, 11), dp) - 5.0_dp
      b(i, j) = real(mod(3 * i + j, 7), dp) / 7.0_dp
    end do
  end do
  c = 0
  do it = 1, scale
    call gemm(a, b, c, n, n, n)
  end do
  print '(a, f16.6)', 'gemm trace', sum([(c(i, i), i = 1, n)])
  ! The same array twice as intent(in): only reads alias.
  c = 0
  call gemm(a, a, c, n, n, n)
  print '(a, f16.6)', 'a*a sum', sum(c)
  ! Disjoint sections of one array.
  do i = 1, 1000
    big(i) = real(i, dp)
  end do
  call axpy(500, 0.5_dp, big(1:500), big(501:1000))
  call prefix(big(1:400), big(401:800), 400)
  print '(a, 2f16.4)', 'sections', big(1000), big(800)
  print '(a, f16.4)', 'dot self', dot(big(1:100), big(1:100))
  ! Stencil on module state, ping-pong between two arrays.
  call init_field(n)
  u = field
  do it = 1, 50 * scale
    call relax(u, v, n)
    call relax(v, u, n)
  end do
  print '(a, f16.10, i6)', 'relax', sum(u), calls
  ! Tridiagonal solve.
  ta = -1; tb = 4; tc = -1
  do i = 1, 200
    td(i) = real(mod(i, 9), dp)
  end do
  call tridiag(ta, tb, tc, td, tx, 200, t1, t2)
  print '(a, 3f14.8)', 'tridiag', tx(1), tx(100), tx(200)
  do i = 1, n
    w(i) = 1.0_dp / real(i, dp)
  end do
  call scale_cols(a, w)
  call scale_cols(b(1:n:2, :), w)
  print '(a, 2f16.8)', 'scaled', sum(a), sum(b)
  s = 0
  do it = 1, 20 * scale
    call axpy(n * n, 1.0e-3_dp, a, b)
    s = s + dot(b(:, 1), a(:, 2))
  end do
  print '(a, f20.10)', 'axpy loop', s
  ! Intrinsics.
  c = matmul(transpose(a), b)
  print '(a, f16.8, f16.8)', 'matmul', maxval(c), minval(c)
end program
