/* One compare-exchange step of a bitonic sort; the host launches it
   log2(n)*(log2(n)+1)/2 times with (stage j, sequence size k). */
__kernel void bitonic(__global uint *data, uint j, uint k) {
  uint i = get_global_id(0), l = i ^ j;
  if (l > i) {
    uint a = data[i], b = data[l];
    bool up = (i & k) == 0;
    if ((a > b) == up) { data[i] = b; data[l] = a; }
  }
}
