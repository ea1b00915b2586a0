! A driver of SciPy's Fortran 77 QUADPACK and MINPACK (the corpus of
! corpora/frontends.sh): integrals with dqags, dqagi, dqng and dqag, a
! nonlinear system with hybrd1, least squares with lmdif1 and lmder1.
! Deterministic output (checks/sanitize/clean.py).
double precision function d1mach(i)
  integer, intent(in) :: i
  select case (i)
  case (1); d1mach = tiny(1d0)
  case (2); d1mach = huge(1d0)
  case (3); d1mach = epsilon(1d0) / 2
  case (4); d1mach = epsilon(1d0)
  case default; d1mach = log10(2d0)
  end select
end function

subroutine xerror(messg, nmessg, nerr, level)
  character(len=*) :: messg
  integer :: nmessg, nerr, level
  print '(a, a, 2i4)', 'xerror: ', messg(1:nmessg), nerr, level
end subroutine

module problems
  implicit none
  integer :: nfev = 0
contains
  double precision function f1(x)
    double precision, intent(in) :: x
    f1 = sqrt(x) * log(x)
  end function
  double precision function f2(x)
    double precision, intent(in) :: x
    f2 = 1d0 / (1d0 + x * x)
  end function
  double precision function f3(x)
    double precision, intent(in) :: x
    f3 = exp(-x) * cos(x) ** 2
  end function
  double precision function f4(x)
    double precision, intent(in) :: x
    f4 = sin(10d0 * x) * x * x
  end function
end module

subroutine powell(n, x, fvec, iflag)
  use problems
  integer :: n, iflag, k
  double precision :: x(n), fvec(n), temp, temp1, temp2
  nfev = nfev + 1
  ! The trigonometric-exponential system of MINPACK's tests (n variables).
  do k = 1, n
    temp = (3d0 - 2d0 * x(k)) * x(k)
    temp1 = 0d0
    if (k /= 1) temp1 = x(k - 1)
    temp2 = 0d0
    if (k /= n) temp2 = x(k + 1)
    fvec(k) = temp - temp1 - 2d0 * temp2 + 1d0
  end do
end subroutine

subroutine expfit(m, n, x, fvec, iflag)
  use problems
  integer :: m, n, iflag, i
  double precision :: x(n), fvec(m), t
  nfev = nfev + 1
  do i = 1, m
    t = dble(i - 1) / 4d0
    fvec(i) = x(1) * exp(-x(2) * t) + x(3) - (2.5d0 * exp(-1.3d0 * t) + 0.5d0 + 0.01d0 * sin(dble(i)))
  end do
end subroutine

subroutine expfitj(m, n, x, fvec, fjac, ldfjac, iflag)
  integer :: m, n, ldfjac, iflag, i
  double precision :: x(n), fvec(m), fjac(ldfjac, n), t
  do i = 1, m
    t = dble(i - 1) / 4d0
    if (iflag == 1) then
      fvec(i) = x(1) * exp(-x(2) * t) + x(3) - (2.5d0 * exp(-1.3d0 * t) + 0.5d0 + 0.01d0 * sin(dble(i)))
    else
      fjac(i, 1) = exp(-x(2) * t)
      fjac(i, 2) = -x(1) * t * exp(-x(2) * t)
      fjac(i, 3) = 1d0
    end if
  end do
end subroutine

program quadmin
  use problems
  implicit none
  integer, parameter :: limit = 200, lenw = 4 * limit
  integer :: iwork(limit), neval, ier, last, info, k, rep, nrep
  double precision :: work(lenw), result, abserr
  double precision :: x(9), fvec(9), wa(200), y(3), fv(40), fjac(40, 3)
  integer :: ipvt(3)
  external powell, expfit, expfitj
  character(len=8) :: arg
  nrep = 1
  if (command_argument_count() > 0) then
    call get_command_argument(1, arg)
    read(arg, *) nrep
  end if
  do rep = 1, nrep
    call dqags(f1, 0d0, 1d0, 0d0, 1d-10, result, abserr, neval, ier, limit, lenw, last, iwork, work)
    if (rep == 1) print '(a, f20.15, es10.2, 2i6)', 'dqags sqrt(x)log(x)', result, abserr, neval, ier
    call dqagi(f2, 0d0, 2, 0d0, 1d-10, result, abserr, neval, ier, limit, lenw, last, iwork, work)
    if (rep == 1) print '(a, f20.15, es10.2, 2i6)', 'dqagi 1/(1+x^2)', result, abserr, neval, ier
    call dqng(f3, 0d0, 5d0, 0d0, 1d-8, result, abserr, neval, ier)
    if (rep == 1) print '(a, f20.15, es10.2, 2i6)', 'dqng exp(-x)cos^2', result, abserr, neval, ier
    do k = 1, 6
      call dqag(f4, 0d0, dble(k), 0d0, 1d-9, k, result, abserr, neval, ier, limit, lenw, last, iwork, work)
      if (rep == 1) print '(a, i2, f20.15, 2i6)', 'dqag key', k, result, neval, ier
    end do
    x = -1d0
    call hybrd1(powell, 9, x, fvec, 1d-10, info, wa, 200)
    if (rep == 1) print '(a, i3, 3f14.10)', 'hybrd1', info, x(1), x(5), x(9)
    y = [1d0, 1d0, 0d0]
    call lmdif1(expfit, 40, 3, y, fv, 1d-10, info, iwork, wa, 200)
    if (rep == 1) print '(a, i3, 3f14.10)', 'lmdif1', info, y
    y = [1d0, 1d0, 0d0]
    call lmder1(expfitj, 40, 3, y, fv, fjac, 40, 1d-10, info, ipvt, wa, 200)
    if (rep == 1) print '(a, i3, 3f14.10)', 'lmder1', info, y
  end do
  print '(a, i8)', 'function evaluations', nfev
end program
