// spvsim-accuracy: measures the worst error of every OpenCL.std math function
// as spvsim computes it, for half, float and double, against a __float128
// reference, and prints it beside the full-profile bound of OpenCL SPIR-V Env
// §6.6.1. Inputs per function and type: every half value (unary half
// functions), and otherwise --inputs (default 1,000,000) of random bit
// patterns over the whole range, values near zero and denormals, integers and
// half-integers, a dense sweep of [-10, 10], large arguments (trig range
// reduction), and the special values (±0, ±INF, NaN, the largest and
// smallest values).
//
// Usage: spvsim-accuracy [--inputs N] [--threads N] [--only NAME]
// Exit status 0 when every function is within its bound, 1 otherwise.
#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "functions.h"

namespace spvsim::accuracy {
namespace {

template <class F> struct Format;
template <> struct Format<Half> {
  static constexpr int digits = 11, minExp = -13, index = 0;
  static constexpr const char *name = "half";
  using Bits = uint16_t;
  static Quad max() { return 65504; }
};
template <> struct Format<float> {
  static constexpr int digits = 24, minExp = -125, index = 1;
  static constexpr const char *name = "float";
  using Bits = uint32_t;
  static Quad max() { return std::numeric_limits<float>::max(); }
};
template <> struct Format<double> {
  static constexpr int digits = 53, minExp = -1021, index = 2;
  static constexpr const char *name = "double";
  using Bits = uint64_t;
  static Quad max() { return std::numeric_limits<double>::max(); }
};

/// |got - exact| in ulps of F at the exact value; 0 or infinity for special values.
template <class F> double ulpError(F got, Quad exact) {
  const Quad g = static_cast<Quad>(got);
  if (isnanq(exact)) return isnanq(g) ? 0 : INFINITY;
  if (isnanq(g)) return INFINITY;
  // Beyond the largest value by half an ulp or more: the result is an infinity.
  int maxExp = 0;
  frexpq(Format<F>::max(), &maxExp);
  if (fabsq(exact) >= Format<F>::max() + ldexpq(1, maxExp - Format<F>::digits - 1))
    return isinfq(g) && signbitq(g) == signbitq(exact) ? 0 : INFINITY;
  if (isinfq(g)) return INFINITY;
  int e = Format<F>::minExp;
  if (exact != 0) frexpq(exact, &e);
  const Quad ulp = ldexpq(1, std::max(e, Format<F>::minExp) - Format<F>::digits);
  return static_cast<double>(fabsq(g - exact) / ulp);
}

template <class F> F fromBits(typename Format<F>::Bits b) {
  return std::bit_cast<F>(b);
}

/// The inputs of one type: specials, then the sweeps and random values.
template <class F> std::vector<F> makeInputs(size_t count, uint64_t seed) {
  using Bits = typename Format<F>::Bits;
  std::mt19937_64 rng(seed);
  std::vector<F> v;
  const double specials[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, 1.0, -1.0, 0.5, -0.5, 2.0};
  for (double s : specials) v.push_back(static_cast<F>(s));
  v.push_back(static_cast<F>(static_cast<double>(Format<F>::max())));
  v.push_back(static_cast<F>(-static_cast<double>(Format<F>::max())));
  v.push_back(fromBits<F>(Bits(1)));                                  // smallest denormal
  v.push_back(fromBits<F>(Bits(Bits(1) << (Format<F>::digits - 1)))); // smallest normal
  if constexpr (std::is_same_v<F, Half>) {
    for (uint32_t b = 0; b < 65536; ++b) v.push_back(fromBits<Half>(uint16_t(b)));
    return v;
  }
  const size_t part = count / 6;
  std::uniform_real_distribution<double> unit(-10.0, 10.0);
  for (size_t i = 0; i < part; ++i) v.push_back(static_cast<F>(unit(rng))); // dense sweep
  for (size_t i = 0; i < part; ++i) { // integers and half-integers
    const double k = std::floor(unit(rng) * 1000.0);
    v.push_back(static_cast<F>(i % 2 ? k : k + 0.5));
  }
  for (size_t i = 0; i < part; ++i) { // near zero: small exponents, denormals
    const Bits mantissa = Bits(rng()) & Bits((Bits(1) << (Format<F>::digits - 1)) - 1);
    const Bits exponent = Bits(rng() % 8);
    const Bits sign = Bits(rng() & 1) << (sizeof(Bits) * 8 - 1);
    v.push_back(fromBits<F>(Bits(sign | (exponent << (Format<F>::digits - 1)) | mantissa)));
  }
  for (size_t i = 0; i < part; ++i) { // large arguments for range reduction
    const double x = std::ldexp(0.5 + std::fabs(unit(rng)) / 20.0, int(rng() % 64));
    v.push_back(static_cast<F>(i % 2 ? x : -x));
  }
  while (v.size() < count) v.push_back(fromBits<F>(Bits(rng()))); // the whole range
  return v;
}

struct Worst {
  double ulp = 0;
  std::string input;
  size_t evaluated = 0;
};

template <class F> std::string show(F x) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%a", static_cast<double>(x));
  return buffer;
}

template <class F> F call(const Function &fn, F a, F b, F c, int32_t n) {
  if constexpr (std::is_same_v<F, float>)
    return fn.f32(a, b, c, n);
  else if constexpr (std::is_same_v<F, double>)
    return fn.f64(a, b, c, n);
  else
    return fn.f16(a, b, c, n);
}

template <class F> Worst measure(const Function &fn, const std::vector<F> &inputs, uint64_t seed) {
  Worst worst;
  std::mt19937_64 rng(seed);
  auto record = [&](double e, const std::string &what) {
    ++worst.evaluated;
    if (e > worst.ulp) worst.ulp = e, worst.input = what;
  };
  const size_t n = inputs.size();
  if (fn.arity == Arity::Unary) {
    for (F a : inputs)
      record(ulpError(call<F>(fn, a, a, a, 0), fn.exact(Quad(a), 0, 0, 0)), show(a));
    return worst;
  }
  // Binary and ternary: each input against partners drawn from the same set,
  // half of them from a narrow range (pow, atan2 and fmod need ordinary values).
  const size_t pairs = std::is_same_v<F, Half> ? 1000000 : n;
  std::uniform_real_distribution<double> narrow(-20.0, 20.0);
  for (size_t i = 0; i < pairs; ++i) {
    const F a = inputs[i % n];
    const F b = i % 2 ? inputs[rng() % n] : static_cast<F>(narrow(rng));
    const F c = inputs[rng() % n];
    const int32_t k = i % 4 == 0 ? int32_t(rng()) : int32_t(rng() % 81) - 40;
    const Quad exact = fn.exact(Quad(a), Quad(b), Quad(c), k);
    const F got = call<F>(fn, a, b, c, k);
    std::string what = show(a);
    if (fn.arity == Arity::FloatInt)
      what += ", " + std::to_string(k);
    else
      what += ", " + show(b) + (fn.arity == Arity::Ternary ? ", " + show(c) : "");
    record(ulpError(got, exact), what);
  }
  return worst;
}

struct Job {
  const Function *fn;
  int type; ///< 0 half, 1 float, 2 double
  Worst result;
};

} // namespace
} // namespace spvsim::accuracy

int main(int argc, char **argv) {
  using namespace spvsim::accuracy;
  size_t count = 1000000;
  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::string only;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string option = argv[i];
    if (option == "--inputs")
      count = std::stoul(argv[i + 1]);
    else if (option == "--threads")
      threads = static_cast<unsigned>(std::stoul(argv[i + 1]));
    else if (option == "--only")
      only = argv[i + 1];
    else
      return std::fprintf(stderr, "usage: %s [--inputs N] [--threads N] [--only NAME]\n", argv[0]),
             2;
  }
  const std::vector<Function> functions = allFunctions();
  const auto halves = makeInputs<Half>(count, 1);
  const auto floats = makeInputs<float>(count, 2);
  const auto doubles = makeInputs<double>(count, 3);
  std::vector<Job> jobs;
  for (const Function &fn : functions) {
    if (!only.empty() && fn.name != only) continue;
    for (int type = 0; type < 3; ++type)
      if (fn.halfAndDouble || type == 1) jobs.push_back({&fn, type, {}});
  }
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t j; (j = next.fetch_add(1)) < jobs.size();) {
      Job &job = jobs[j];
      const uint64_t seed = j * 7919 + 11;
      if (job.type == 0) job.result = measure<Half>(*job.fn, halves, seed);
      if (job.type == 1) job.result = measure<float>(*job.fn, floats, seed);
      if (job.type == 2) job.result = measure<double>(*job.fn, doubles, seed);
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t) pool.emplace_back(work);
  for (auto &t : pool) t.join();

  static const char *const typeNames[] = {"half", "float", "double"};
  std::printf("%-12s %-7s %10s %10s %9s  %-6s %s\n", "function", "type", "worst ulp", "bound",
              "inputs", "result", "worst input");
  int failures = 0;
  for (const Job &job : jobs) {
    const double bound = job.fn->bound[job.type];
    const bool any = bound == kAny;
    // Correctly rounded (bound 0) allows the half ulp of the rounding itself.
    const bool pass = any || job.result.ulp <= (bound == 0 ? 0.5 : bound);
    failures += !pass;
    char boundText[32];
    if (any)
      std::snprintf(boundText, sizeof boundText, "impl-def");
    else if (bound == 0)
      std::snprintf(boundText, sizeof boundText, "exact");
    else
      std::snprintf(boundText, sizeof boundText, "%g", bound);
    std::printf("%-12s %-7s %10.3f %10s %9zu  %-6s %s\n", job.fn->name.c_str(), typeNames[job.type],
                job.result.ulp, boundText, job.result.evaluated, pass ? "ok" : "FAIL",
                job.result.input.c_str());
  }
  std::printf("%zu measurements, %d outside their bound\n", jobs.size(), failures);
  return failures ? 1 : 0;
}
