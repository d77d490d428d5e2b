// Structs: an array of structs in global memory, nested structs and arrays in
// structs, a struct passed by value to the kernel and to functions, returned
// from a function, copied whole and partly updated.
typedef struct {
  float weight;
  int count;
  short tag[3];
} Item;
typedef struct {
  Item item;
  long total;
  float2 pos;
} Record;
typedef struct {
  int scale;
  float offset;
  char code;
} Params;

Record make_record(Item it, Params p, int i) {
  Record r;
  r.item = it;
  r.item.count = it.count * p.scale + i;
  r.total = (long)it.count * 1000 + p.code;
  r.pos = (float2)(it.weight + p.offset, (float)it.tag[i % 3]);
  return r;
}

float score(const Record *r) { return r->pos.x * 2.0f + (float)r->item.tag[1]; }

__kernel void structs(__global const Item *items, __global Record *records, Params p,
                      __global float *scores) {
  int i = get_global_id(0);
  Item it = items[i];
  it.tag[2] = (short)(it.tag[0] + it.tag[1]);
  Record r = make_record(it, p, i);
  records[i] = r;
  scores[i] = score(&r);
  records[i].item.weight += 1.0f;
}
