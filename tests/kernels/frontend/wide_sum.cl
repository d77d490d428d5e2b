// A 64-bit loop's sum, which clang -O2 computes in closed form on 65 bits:
// n(n-1)/2 as trunc(lshr(mul(zext n, zext (n-1)), 1)). The front end computes it from
// a pair of 64-bit integers; the inputs make n(n-1) exceed 64 bits. Built by
// `spvsim run` (-O2 -g) only: at -O0 the loops would run billions of times.
__kernel void wide_sum(__global const ulong *in, __global ulong *out) {
  int i = get_global_id(0);
  ulong n = in[i], s = 0;
  for (ulong k = 0; k < n; ++k)
    s += k;
  long m = (long)in[i] >> 1, t = 0;
  for (long k = 0; k < m; ++k)
    t += 3 * k + 1;
  out[2 * i] = s;
  out[2 * i + 1] = t;
}
