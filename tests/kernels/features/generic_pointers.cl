// OpenCL C 2.0 generic address space: one function used with global, local
// and private pointers, to_global/to_local/to_private casts (NULL when the
// space does not match), generic pointer arithmetic and comparisons.
int sum3(const int *p, int stride) { return p[0] + p[stride] + p[2 * stride]; }

void bump(int *p, int by) { *p += by; }

int where(const int *p) {
  return (to_global(p) != NULL) * 1 + (to_local(p) != NULL) * 2 + (to_private(p) != NULL) * 4;
}

__kernel void generic_pointers(__global int *g, __global int *out) {
  __local int loc[64];
  int i = get_global_id(0), l = get_local_id(0);
  int priv[4] = {i, i * 2, i * 3, i * 4};
  loc[l] = g[i] * 10;
  barrier(CLK_LOCAL_MEM_FENCE);
  int *gp = g + i, *lp = loc + (l % 32), *pp = priv;
  __global int *o = out + 8 * i;
  o[0] = sum3(gp, 1);
  o[1] = sum3(lp, 2);
  o[2] = sum3(pp, 1);
  bump(pp + 3, 100);
  o[3] = priv[3];
  o[4] = where(gp) * 100 + where(lp) * 10 + where(pp);
  int *pick = (i & 1) ? (int *)gp : (int *)pp;
  o[5] = *pick + (pick == gp);
  o[6] = (int)(lp - (int *)loc);
  barrier(CLK_GLOBAL_MEM_FENCE); // every read of g before any work-item bumps it
  bump(gp, 1);
  o[7] = *gp;
}
