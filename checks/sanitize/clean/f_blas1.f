C     Reference-style level-1 BLAS (double precision) for ODRPACK's test
C     driver (checks/sanitize/clean.py): the routines d_lpk.f and d_odr.f
C     call, written after the reference BLAS's definitions.
      DOUBLE PRECISION FUNCTION DASUM(N,DX,INCX)
      INTEGER N,INCX,I,IX
      DOUBLE PRECISION DX(*)
      DASUM = 0.0D0
      IF (N.LE.0 .OR. INCX.LE.0) RETURN
      IX = 1
      DO 10 I = 1,N
         DASUM = DASUM + DABS(DX(IX))
         IX = IX + INCX
   10 CONTINUE
      END

      SUBROUTINE DAXPY(N,DA,DX,INCX,DY,INCY)
      INTEGER N,INCX,INCY,I,IX,IY
      DOUBLE PRECISION DA,DX(*),DY(*)
      IF (N.LE.0 .OR. DA.EQ.0.0D0) RETURN
      IX = 1
      IY = 1
      IF (INCX.LT.0) IX = (-N+1)*INCX + 1
      IF (INCY.LT.0) IY = (-N+1)*INCY + 1
      DO 10 I = 1,N
         DY(IY) = DY(IY) + DA*DX(IX)
         IX = IX + INCX
         IY = IY + INCY
   10 CONTINUE
      END

      SUBROUTINE DCOPY(N,DX,INCX,DY,INCY)
      INTEGER N,INCX,INCY,I,IX,IY
      DOUBLE PRECISION DX(*),DY(*)
      IF (N.LE.0) RETURN
      IX = 1
      IY = 1
      IF (INCX.LT.0) IX = (-N+1)*INCX + 1
      IF (INCY.LT.0) IY = (-N+1)*INCY + 1
      DO 10 I = 1,N
         DY(IY) = DX(IX)
         IX = IX + INCX
         IY = IY + INCY
   10 CONTINUE
      END

      DOUBLE PRECISION FUNCTION DDOT(N,DX,INCX,DY,INCY)
      INTEGER N,INCX,INCY,I,IX,IY
      DOUBLE PRECISION DX(*),DY(*)
      DDOT = 0.0D0
      IF (N.LE.0) RETURN
      IX = 1
      IY = 1
      IF (INCX.LT.0) IX = (-N+1)*INCX + 1
      IF (INCY.LT.0) IY = (-N+1)*INCY + 1
      DO 10 I = 1,N
         DDOT = DDOT + DX(IX)*DY(IY)
         IX = IX + INCX
         IY = IY + INCY
   10 CONTINUE
      END

      DOUBLE PRECISION FUNCTION DNRM2(N,X,INCX)
      INTEGER N,INCX,IX
      DOUBLE PRECISION X(*),ABSXI,NORM,SCALE,SSQ
      IF (N.LT.1 .OR. INCX.LT.1) THEN
         NORM = 0.0D0
      ELSE IF (N.EQ.1) THEN
         NORM = DABS(X(1))
      ELSE
         SCALE = 0.0D0
         SSQ = 1.0D0
         DO 10 IX = 1,1 + (N-1)*INCX,INCX
            IF (X(IX).NE.0.0D0) THEN
               ABSXI = DABS(X(IX))
               IF (SCALE.LT.ABSXI) THEN
                  SSQ = 1.0D0 + SSQ*(SCALE/ABSXI)**2
                  SCALE = ABSXI
               ELSE
                  SSQ = SSQ + (ABSXI/SCALE)**2
               END IF
            END IF
   10    CONTINUE
         NORM = SCALE*DSQRT(SSQ)
      END IF
      DNRM2 = NORM
      END

      SUBROUTINE DROT(N,DX,INCX,DY,INCY,C,S)
      INTEGER N,INCX,INCY,I,IX,IY
      DOUBLE PRECISION DX(*),DY(*),C,S,DTEMP
      IF (N.LE.0) RETURN
      IX = 1
      IY = 1
      IF (INCX.LT.0) IX = (-N+1)*INCX + 1
      IF (INCY.LT.0) IY = (-N+1)*INCY + 1
      DO 10 I = 1,N
         DTEMP = C*DX(IX) + S*DY(IY)
         DY(IY) = C*DY(IY) - S*DX(IX)
         DX(IX) = DTEMP
         IX = IX + INCX
         IY = IY + INCY
   10 CONTINUE
      END

      SUBROUTINE DROTG(DA,DB,C,S)
      DOUBLE PRECISION DA,DB,C,S,ROE,SCALE,R,Z
      ROE = DB
      IF (DABS(DA).GT.DABS(DB)) ROE = DA
      SCALE = DABS(DA) + DABS(DB)
      IF (SCALE.EQ.0.0D0) THEN
         C = 1.0D0
         S = 0.0D0
         R = 0.0D0
         Z = 0.0D0
      ELSE
         R = SCALE*DSQRT((DA/SCALE)**2 + (DB/SCALE)**2)
         R = DSIGN(1.0D0,ROE)*R
         C = DA/R
         S = DB/R
         Z = 1.0D0
         IF (DABS(DA).GT.DABS(DB)) Z = S
         IF (DABS(DB).GE.DABS(DA) .AND. C.NE.0.0D0) Z = 1.0D0/C
      END IF
      DA = R
      DB = Z
      END

      SUBROUTINE DSCAL(N,DA,DX,INCX)
      INTEGER N,INCX,I,IX
      DOUBLE PRECISION DA,DX(*)
      IF (N.LE.0 .OR. INCX.LE.0) RETURN
      IX = 1
      DO 10 I = 1,N
         DX(IX) = DA*DX(IX)
         IX = IX + INCX
   10 CONTINUE
      END

      SUBROUTINE DSWAP(N,DX,INCX,DY,INCY)
      INTEGER N,INCX,INCY,I,IX,IY
      DOUBLE PRECISION DX(*),DY(*),DTEMP
      IF (N.LE.0) RETURN
      IX = 1
      IY = 1
      IF (INCX.LT.0) IX = (-N+1)*INCX + 1
      IF (INCY.LT.0) IY = (-N+1)*INCY + 1
      DO 10 I = 1,N
         DTEMP = DX(IX)
         DX(IX) = DY(IY)
         DY(IY) = DTEMP
         IX = IX + INCX
         IY = IY + INCY
   10 CONTINUE
      END

      INTEGER FUNCTION IDAMAX(N,DX,INCX)
      INTEGER N,INCX,I,IX
      DOUBLE PRECISION DX(*),DMAX
      IDAMAX = 0
      IF (N.LT.1 .OR. INCX.LE.0) RETURN
      IDAMAX = 1
      IF (N.EQ.1) RETURN
      IX = 1
      DMAX = DABS(DX(1))
      IX = IX + INCX
      DO 10 I = 2,N
         IF (DABS(DX(IX)).GT.DMAX) THEN
            IDAMAX = I
            DMAX = DABS(DX(IX))
         END IF
         IX = IX + INCX
   10 CONTINUE
      END
