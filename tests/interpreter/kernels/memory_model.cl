// Kernels for the memory model of the race check
// (tests/interpreter/checks/races/memory_model_test.cpp): correctly synchronised
// work-groups and their broken twins, one kernel each (the translator takes only
// constant memory orders). OpenCL C 2.0; the last-block reduction and one spin lock use
// the OpenCL 1.2 built-ins (mem_fence, atomic_inc, atomic_cmpxchg), which it keeps.

// The last work-group to take a ticket adds up every group's partial sum; FENCE is
// the release fence before the ticket (none in the broken twin).
#define LAST_BLOCK(name, FENCE)                                                            \
  __kernel void name(__global const int *in, __global int *partial,                       \
                     volatile __global uint *count, __global int *total) {                 \
    __local uint ticket;                                                                   \
    const size_t g = get_group_id(0), n = get_local_size(0);                               \
    if (get_local_id(0) == 0) {                                                            \
      int sum = 0;                                                                         \
      for (size_t i = 0; i < n; ++i) sum += in[g * n + i];                                 \
      partial[g] = sum;                                                                    \
      FENCE;                                                                               \
      ticket = atomic_inc(count);                                                          \
    }                                                                                      \
    barrier(CLK_LOCAL_MEM_FENCE);                                                          \
    if (get_local_id(0) == 0 && ticket == get_num_groups(0) - 1) {                         \
      int t = 0;                                                                           \
      for (size_t i = 0; i < get_num_groups(0); ++i) t += partial[i];                      \
      *total = t;                                                                          \
    }                                                                                      \
  }
LAST_BLOCK(last_block, mem_fence(CLK_GLOBAL_MEM_FENCE))
LAST_BLOCK(last_block_no_fence, (void)0)
LAST_BLOCK(last_block_local_fence, mem_fence(CLK_LOCAL_MEM_FENCE))

// Work-group 0 publishes a value through a flag; work-group 1 waits for the flag and
// reads the value.
#define MESSAGE(name, STORE, LOAD)                                                         \
  __kernel void name(__global int *data, __global atomic_int *flag, __global int *out) {   \
    if (get_local_id(0) != 0) return;                                                      \
    if (get_group_id(0) == 0) {                                                            \
      data[0] = 42;                                                                        \
      STORE;                                                                               \
    } else if (get_group_id(0) == 1) {                                                     \
      while (!(LOAD))                                                                      \
        ;                                                                                  \
      out[0] = data[0];                                                                    \
    }                                                                                      \
  }
MESSAGE(message, atomic_store_explicit(flag, 1, memory_order_release),
        atomic_load_explicit(flag, memory_order_acquire))
MESSAGE(message_relaxed_store, atomic_store_explicit(flag, 1, memory_order_relaxed),
        atomic_load_explicit(flag, memory_order_acquire))
MESSAGE(message_relaxed_load, atomic_store_explicit(flag, 1, memory_order_release),
        atomic_load_explicit(flag, memory_order_relaxed))
MESSAGE(message_group_scope,
        atomic_store_explicit(flag, 1, memory_order_release, memory_scope_work_group),
        atomic_load_explicit(flag, memory_order_acquire, memory_scope_work_group))
// Relaxed atomics ordered by fences (atomic_work_item_fence), and without them.
MESSAGE(message_fences,
        (atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release,
                                memory_scope_device),
         atomic_store_explicit(flag, 1, memory_order_relaxed)),
        (atomic_load_explicit(flag, memory_order_relaxed) &&
         (atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire,
                                 memory_scope_device),
          1)))

// Work-item 0 of every work-group takes a spin lock and adds its group's number to a
// counter; RELEASE gives the lock back.
#define SPIN_LOCK(name, RELEASE)                                                           \
  __kernel void name(__global atomic_int *lock, __global int *counter) {                   \
    if (get_local_id(0) != 0) return;                                                      \
    int expected = 0;                                                                      \
    while (!atomic_compare_exchange_strong_explicit(lock, &expected, 1,                    \
                                                    memory_order_acquire,                  \
                                                    memory_order_relaxed))                 \
      expected = 0;                                                                        \
    *counter += (int)get_group_id(0) + 1;                                                  \
    RELEASE;                                                                               \
  }
SPIN_LOCK(spin_lock, atomic_store_explicit(lock, 0, memory_order_release))
SPIN_LOCK(spin_lock_relaxed, atomic_store_explicit(lock, 0, memory_order_relaxed))

// The same lock in OpenCL 1.2: atomic_cmpxchg and atomic_xchg are relaxed, the fences
// order (FENCE; nothing in the broken twin).
#define SPIN_LOCK12(name, FENCE)                                                           \
  __kernel void name(volatile __global int *lock, __global int *counter) {                 \
    if (get_local_id(0) != 0) return;                                                      \
    while (atomic_cmpxchg(lock, 0, 1) != 0)                                                \
      ;                                                                                    \
    FENCE;                                                                                 \
    *counter += (int)get_group_id(0) + 1;                                                  \
    FENCE;                                                                                 \
    atomic_xchg(lock, 0);                                                                  \
  }
SPIN_LOCK12(spin_lock12, mem_fence(CLK_GLOBAL_MEM_FENCE))
SPIN_LOCK12(spin_lock12_no_fence, (void)0)

// The conformance suite's c11_atomics atomic_init pattern: every work-item stores its
// element plainly, then adds one to a counter; the one that brings it to the total
// reads every element: ordered through the release sequence of the acq_rel RMWs. At
// work-group scope the same orders the work-items of one group, not those of two.
#define INIT_THEN_COUNT(name, ORDER, SCOPE)                                                \
  __kernel void name(__global int *values, __global atomic_uint *count, __global int *sum) { \
    const size_t i = get_global_id(0);                                                     \
    values[i] = (int)i;                                                                    \
    if (atomic_fetch_add_explicit(count, 1u, ORDER, SCOPE) == get_global_size(0) - 1) {    \
      int s = 0;                                                                           \
      for (size_t j = 0; j < get_global_size(0); ++j) s += values[j];                      \
      *sum = s;                                                                            \
    }                                                                                      \
  }
INIT_THEN_COUNT(init_then_count, memory_order_acq_rel, memory_scope_device)
INIT_THEN_COUNT(init_then_count_relaxed, memory_order_relaxed, memory_scope_device)
INIT_THEN_COUNT(init_then_count_group, memory_order_acq_rel, memory_scope_work_group)
INIT_THEN_COUNT(init_then_count_release, memory_order_release, memory_scope_device)
INIT_THEN_COUNT(init_then_count_acquire, memory_order_acquire, memory_scope_device)

// __local memory between the sub-groups of one group: every work-item stores its element,
// then counts itself in on a __local counter; the one that brings it to the group's size
// adds up every element. BEFORE and AFTER are what each does around the count.
#define LOCAL_COUNT(name, BEFORE, COUNT, AFTER)                                            \
  __kernel void name(__global const int *in, __global int *out) {                          \
    __local int values[128];                                                               \
    __local atomic_int arrived;                                                            \
    const size_t lid = get_local_id(0), n = get_local_size(0);                             \
    if (lid == 0) atomic_init(&arrived, 0);                                                \
    barrier(CLK_LOCAL_MEM_FENCE);                                                          \
    values[lid] = in[get_global_id(0)];                                                    \
    BEFORE;                                                                                \
    if (COUNT == (int)n - 1) {                                                             \
      AFTER;                                                                               \
      int sum = 0;                                                                         \
      for (size_t i = 0; i < n; ++i) sum += values[i];                                     \
      out[get_group_id(0)] = sum;                                                          \
    }                                                                                      \
  }
#define LOCAL_ADD(ORDER)                                                                   \
  (atomic_fetch_add_explicit(&arrived, 1, ORDER, memory_scope_work_group))
#define LOCAL_FENCE(ORDER)                                                                 \
  (atomic_work_item_fence(CLK_LOCAL_MEM_FENCE, ORDER, memory_scope_work_group))
LOCAL_COUNT(local_count, (void)0, LOCAL_ADD(memory_order_acq_rel), (void)0)
LOCAL_COUNT(local_count_fences, LOCAL_FENCE(memory_order_release),
            LOCAL_ADD(memory_order_relaxed), LOCAL_FENCE(memory_order_acquire))
LOCAL_COUNT(local_count_release_only, (void)0, LOCAL_ADD(memory_order_release), (void)0)
LOCAL_COUNT(local_count_relaxed, LOCAL_FENCE(memory_order_acquire),
            LOCAL_ADD(memory_order_relaxed), (void)0)
LOCAL_COUNT(local_count_global_fence, mem_fence(CLK_GLOBAL_MEM_FENCE),
            LOCAL_ADD(memory_order_relaxed), mem_fence(CLK_GLOBAL_MEM_FENCE))

// __local memory through an atomic on global memory: the same count on a global counter
// per group. A fence naming both flags orders both address spaces, whatever space the
// atomic it pairs with is in, and one naming only CLK_LOCAL_MEM_FENCE pairs only with
// local atomics in these OpenCL C 2.0 kernels (OpenCL 3.0 API §3.3.6.4); two sequentially
// consistent atomics that synchronise order both spaces (§3.3.6.2).
#define GLOBAL_COUNT(name, BEFORE, COUNT, AFTER)                                           \
  __kernel void name(__global const int *in, __global int *out,                            \
                     __global atomic_int *count) {                                         \
    __local int values[128];                                                               \
    const size_t lid = get_local_id(0), n = get_local_size(0);                             \
    values[lid] = in[get_global_id(0)];                                                    \
    BEFORE;                                                                                \
    if (COUNT == (int)n - 1) {                                                             \
      AFTER;                                                                               \
      int sum = 0;                                                                         \
      for (size_t i = 0; i < n; ++i) sum += values[i];                                     \
      out[get_group_id(0)] = sum;                                                          \
    }                                                                                      \
  }
#define GLOBAL_ADD(ORDER)                                                                  \
  (atomic_fetch_add_explicit(&count[get_group_id(0)], 1, ORDER, memory_scope_work_group))
#define BOTH_FENCE(ORDER)                                                                  \
  (atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, ORDER,               \
                          memory_scope_work_group))
#define GLOBAL_FENCE(ORDER)                                                                \
  (atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, ORDER, memory_scope_work_group))
GLOBAL_COUNT(global_count_fences, BOTH_FENCE(memory_order_release),
             GLOBAL_ADD(memory_order_relaxed), BOTH_FENCE(memory_order_acquire))
GLOBAL_COUNT(global_count_local_fences, LOCAL_FENCE(memory_order_release),
             GLOBAL_ADD(memory_order_relaxed), LOCAL_FENCE(memory_order_acquire))
GLOBAL_COUNT(global_count_seq_cst, (void)0, GLOBAL_ADD(memory_order_seq_cst), (void)0)
GLOBAL_COUNT(global_count_acq_rel, (void)0, GLOBAL_ADD(memory_order_acq_rel), (void)0)
GLOBAL_COUNT(global_count_global_fences, GLOBAL_FENCE(memory_order_release),
             GLOBAL_ADD(memory_order_relaxed), GLOBAL_FENCE(memory_order_acquire))
GLOBAL_COUNT(global_count_global_acquire, BOTH_FENCE(memory_order_release),
             GLOBAL_ADD(memory_order_relaxed), GLOBAL_FENCE(memory_order_acquire))
GLOBAL_COUNT(global_count_no_fence, (void)0, GLOBAL_ADD(memory_order_relaxed), (void)0)

// OpenCL 1.2: the first work-item of the group's last sub-group publishes a __local value
// by atomic_xchg on a global flag after mem_fence(CLK_LOCAL_MEM_FENCE); every other
// work-item takes the flag with atomic_xchg and, when it was set, reads the value after
// the same fence (or, in the twin, without the local flag in its fences).
#define LOCAL_XCHG(name, FENCE)                                                            \
  __kernel void name(__global const int *in, __global int *out,                            \
                     volatile __global int *flag) {                                        \
    __local int value;                                                                     \
    const size_t lid = get_local_id(0), g = get_group_id(0);                               \
    if (lid == 0) {                                                                        \
      value = in[get_global_id(0)] + 41;                                                   \
      FENCE;                                                                               \
      atomic_xchg(&flag[g], 1);                                                            \
    } else if (atomic_xchg(&flag[g], 0) == 1) {                                            \
      FENCE;                                                                               \
      out[g] = value;                                                                      \
    }                                                                                      \
  }
LOCAL_XCHG(local_xchg, mem_fence(CLK_LOCAL_MEM_FENCE))
LOCAL_XCHG(local_xchg_global_fence, mem_fence(CLK_GLOBAL_MEM_FENCE))

// The critical sections of the conformance suite's atomic_flag test within each group:
// every work-item walks its group's flags in turn and enters the section of each flag it
// sets; the first to enter marks the section visited and stops. Relaxed test-and-set and
// clear at SCOPE, ACQUIRE after the test-and-set and RELEASE before the clear: fences
// that synchronise through the flag (OpenCL 3.0 API §3.3.6.4). FLAGS is the group's
// flags, in global or __local memory; `visited` is global either way. FLAG_SECTION_TAS
// gives the test-and-set the order TAS (memory_order_acquire: it acquires itself),
// FLAG_SECTION_ORDERS the clear the order CLEAR as well.
#define FLAG_SECTION(name, FLAGS, SCOPE, ACQUIRE, RELEASE)                                 \
  FLAG_SECTION_TAS(name, FLAGS, memory_order_relaxed, SCOPE, ACQUIRE, RELEASE)
#define FLAG_SECTION_TAS(name, FLAGS, TAS, SCOPE, ACQUIRE, RELEASE)                        \
  FLAG_SECTION_ORDERS(name, FLAGS, TAS, memory_order_relaxed, SCOPE, ACQUIRE, RELEASE)
#define FLAG_SECTION_ORDERS(name, FLAGS, TAS, CLEAR, SCOPE, ACQUIRE, RELEASE)              \
  __kernel void name(__global atomic_flag *global_flags, __global int *visited) {          \
    __local atomic_flag local_flags[128];                                                  \
    const uint lid = get_local_id(0), n = get_local_size(0);                               \
    atomic_flag_clear_explicit(&local_flags[lid], memory_order_relaxed,                    \
                               memory_scope_work_group);                                   \
    barrier(CLK_LOCAL_MEM_FENCE);                                                          \
    uint stop = 0;                                                                         \
    for (uint cnt = 0; !stop && cnt < n; cnt++) {                                          \
      bool set = atomic_flag_test_and_set_explicit(&(FLAGS)[cnt], TAS, SCOPE);             \
      ACQUIRE;                                                                             \
      if (!set) {                                                                          \
        const uint cs = get_group_id(0) * n + cnt;                                         \
        if (visited[cs] == 0) {                                                            \
          visited[cs] = 1;                                                                 \
          stop = 1;                                                                        \
        }                                                                                  \
        RELEASE;                                                                           \
        atomic_flag_clear_explicit(&(FLAGS)[cnt], CLEAR, SCOPE);                           \
      }                                                                                    \
    }                                                                                      \
  }
#define GROUP_FLAGS (global_flags + get_group_id(0) * n)
#define BOTH_FENCES CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE
FLAG_SECTION(flag_section_device, GROUP_FLAGS, memory_scope_device,
             atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire,
                                    memory_scope_device),
             atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release,
                                    memory_scope_device))
FLAG_SECTION(flag_section_group, GROUP_FLAGS, memory_scope_work_group,
             atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire,
                                    memory_scope_work_group),
             atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release,
                                    memory_scope_work_group))
// The conformance suite's variant with an acquiring test-and-set: at work-group scope it
// acquires the group's releases, which the relaxed clear makes at any scope.
FLAG_SECTION_TAS(flag_section_group_acquire, GROUP_FLAGS, memory_order_acquire,
                 memory_scope_work_group, (void)0,
                 atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release,
                                        memory_scope_work_group))
FLAG_SECTION_TAS(flag_section_group_acquire_no_release, GROUP_FLAGS, memory_order_acquire,
                 memory_scope_work_group, (void)0, (void)0)
FLAG_SECTION(flag_section_group_no_acquire, GROUP_FLAGS, memory_scope_work_group, (void)0,
             atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release,
                                    memory_scope_work_group))
FLAG_SECTION(flag_section_local, local_flags, memory_scope_work_group,
             atomic_work_item_fence(BOTH_FENCES, memory_order_acquire, memory_scope_work_group),
             atomic_work_item_fence(BOTH_FENCES, memory_order_release, memory_scope_work_group))
FLAG_SECTION(flag_section_local_no_release, local_flags, memory_scope_work_group,
             atomic_work_item_fence(BOTH_FENCES, memory_order_acquire, memory_scope_work_group),
             (void)0)
// The release fence names only local memory: the section's global accesses stay unordered.
FLAG_SECTION(flag_section_local_local_release, local_flags, memory_scope_work_group,
             atomic_work_item_fence(BOTH_FENCES, memory_order_acquire, memory_scope_work_group),
             atomic_work_item_fence(CLK_LOCAL_MEM_FENCE, memory_order_release,
                                    memory_scope_work_group))
// A release clear of the __local flag orders local memory only (§3.3.6.4).
FLAG_SECTION_ORDERS(flag_section_local_release_clear, local_flags, memory_order_relaxed,
                    memory_order_release, memory_scope_work_group,
                    atomic_work_item_fence(BOTH_FENCES, memory_order_acquire,
                                           memory_scope_work_group),
                    (void)0)
FLAG_SECTION(flag_section_local_no_acquire, local_flags, memory_scope_work_group, (void)0,
             atomic_work_item_fence(BOTH_FENCES, memory_order_release, memory_scope_work_group))
