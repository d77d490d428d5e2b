// Program-scope variables initialised with the addresses of others (OpenCL C
// 2.0 program-scope variables; the conformance suite's basic progvar tests):
// a pointer into an array, a struct holding pointers, and a pointer to a pointer
// (and one to __constant data). Each launch changes what the
// previous one left (program-scope variables keep their values).
global int a_var[4] = {10, 20, 30, 40};
volatile global int *p_var = &a_var[1];
constant int table[3] = {7, 8, 9};
typedef struct {
  global int *first;
  int count;
  global int *last;
  constant int *c;
} span_t;
global span_t span = {&a_var[0], 4, &a_var[3], &table[2]};
global int *global *pp = (global int *global *)&p_var;

__kernel void program_pointers(__global int *out) {
  int i = get_global_id(0);
  if (i == 0) {
    out[0] = *p_var;
    out[1] = p_var[1];
    out[2] = *span.first + *span.last + span.count;
    out[3] = *span.c;
    out[4] = **pp;
    out[5] = p_var - a_var;
    p_var[1] += 1; // a_var[2], then a_var[3] (read through span.last)
    p_var = &a_var[2];
  }
}
