# Generator for sw/fp_tables.c (mpmath, 200-bit precision, round-to-nearest).
from mpmath import mp, mpf, log, pi, sin, floor, nint
mp.prec = 1500
Q = mpf(2)**62
def q62(v): return int(nint(v*Q))
out = []
out.append("/* fp_tables.c - ROM tables for the sicu transcendental unit (generated; see docs/fp.md).\n"
" *\n * Generated with mpmath at 1500-bit precision, every entry rounded to nearest:\n"
" *   si_fp_log_r[i]   = i==0 ? 1024 : round(1024 / (1 + (i + 0.5)/256))          (i = 0..255)\n"
" *   si_fp_log_l[i]   = round(-log2(si_fp_log_r[i]/1024) * 2^62)                 (i = 0..255)\n"
" *   si_fp_exp_t[i]   = round(2^(i/256) * 2^62)                                  (i = 0..255)\n"
" *   si_fp_sin_t[k]   = round(sin(2*pi*k/256) * 2^62)                            (k = 0..64)\n"
" *   si_fp_two_over_pi[w] = bits [1200-32w-1 : 1200-32w-32] of frac(2/pi)*2^1200  (w = 0..37, MSB first)\n"
" *   si_fp_trans_k[]  = the Q40 constants of log2, exp2, sin and cos (docs/fp.md 9.2), SI_TK_* order:\n"
" *                      G_k = (-1)^(k+1) round(2^40/(k ln2)) (k = 1..5), D_k = round(2^40 ln2^k/k!) (k = 1..3),\n"
" *                      TWOPI_Q37 = round(2 pi 2^37), K6, K120, K24 = round(2^40/n)\n */\n"
"#include \"fp_tables.h\"\n")
R = [1024] + [int(nint(mpf(1024)/(1+(mpf(i)+mpf(0.5))/256))) for i in range(1,256)]
out.append("const uint16_t si_fp_log_r[256] = {")
out.append(",".join(("\n    " if i%12==0 else " ")+str(r) for i,r in enumerate(R)) + "\n};")
L = [q62(-log(mpf(r)/1024, 2)) for r in R]
out.append("const int64_t si_fp_log_l[256] = {")
out.append(",".join(("\n    " if i%3==0 else " ")+"INT64_C(%d)"%v for i,v in enumerate(L)) + "\n};")
T = [q62(mpf(2)**(mpf(i)/256)) for i in range(256)]
out.append("const uint64_t si_fp_exp_t[256] = {")
out.append(",".join(("\n    " if i%3==0 else " ")+"UINT64_C(0x%016x)"%v for i,v in enumerate(T)) + "\n};")
S = [q62(sin(2*pi*k/256)) for k in range(65)]
out.append("const uint64_t si_fp_sin_t[65] = {")
out.append(",".join(("\n    " if i%3==0 else " ")+"UINT64_C(0x%016x)"%v for i,v in enumerate(S)) + "\n};")
twopi = 2/pi
bits = int(floor(twopi * mpf(2)**1216))  # 1216 bits, we keep 1200 fraction bits +16 spare
bits1200 = int(floor(twopi * mpf(2)**1200))
words = [(bits1200 >> (1200 - 32*(w+1))) & 0xffffffff if 1200-32*(w+1) >= 0 else (bits1200 << (32*(w+1)-1200)) & 0xffffffff for w in range(38)]
out.append("const uint32_t si_fp_two_over_pi[38] = {")
out.append(",".join(("\n    " if i%6==0 else " ")+"0x%08xu"%v for i,v in enumerate(words)) + "\n};")
def q40(v): return int(nint(v*mpf(2)**40))
K = [(-1)**(k+1)*q40(1/(k*log(2))) for k in range(1,6)]
K += [q40(log(2)**k/[1,1,2,6][k]) for k in range(1,4)]
K += [int(nint(2*pi*mpf(2)**37)), q40(mpf(1)/6), q40(mpf(1)/120), q40(mpf(1)/24)]
out.append("const int64_t si_fp_trans_k[12] = {")
out.append(",".join(("\n    " if i%3==0 else " ")+"INT64_C(%d)"%v for i,v in enumerate(K)) + "\n};")
print("\n".join(out))
