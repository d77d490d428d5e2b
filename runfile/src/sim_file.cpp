// Oclgrind's `.sim` files (sim_file.h): the header lines, then one argument per kernel
// parameter, each checked as oclgrind-kernel checks it and turned into the buffers,
// arguments and launch of a RunSpec. Numbers are read as oclgrind-kernel reads them: in
// the argument's type (char and uchar as integers), in hexadecimal after `hex`, and a
// range START:STEP:END counted in the type's own arithmetic.
#include "spvsim/runfile/sim_file.h"

#include <charconv>
#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>
#include <type_traits>

#include "spvsim/common/error.h"

namespace spvsim::runfile {

namespace {

/// The lines of a `.sim` file and a position in them; tokens are separated by whitespace.
class SimReader {
public:
  SimReader(const std::vector<std::string> &lines, std::string sourceName, size_t line = 0,
            size_t column = 0)
      : lines_(lines), sourceName_(std::move(sourceName)), line_(line), column_(column) {}

  /// What is being read, for messages: "the NDRange", "argument 1 'b'".
  void reading(std::string part) { part_ = std::move(part); }

  /// Skips whitespace across lines; false at the end of the file.
  bool skipSpace() {
    while (line_ < lines_.size()) {
      const std::string &text = lines_[line_];
      while (column_ < text.size() && std::isspace(static_cast<unsigned char>(text[column_])))
        ++column_;
      if (column_ < text.size()) return true;
      ++line_;
      column_ = 0;
    }
    return false;
  }

  /// The next token; at the end of the file an error saying what was expected.
  std::string token(std::string_view expected) {
    if (!skipSpace())
      throw Error(sourceName_ + ": unexpected end of file, expected " + std::string(expected) +
                  " (reading " + part_ + ")");
    const std::string &text = lines_[line_];
    const size_t start = column_;
    while (column_ < text.size() && !std::isspace(static_cast<unsigned char>(text[column_])))
      ++column_;
    tokenLine_ = line_;
    return text.substr(start, column_ - start);
  }

  /// An argument header `<...>`: its text between `<` and the line's last `>`.
  std::string header() {
    if (!skipSpace())
      throw Error(sourceName_ + ": unexpected end of file, expected an argument header <...> (" +
                  "reading " + part_ + ")");
    tokenLine_ = line_;
    const std::string &text = lines_[line_];
    if (text[column_] != '<') {
      const size_t end = text.find_first_of(" \t\r", column_);
      fail("expected an argument header <...>, got '" + text.substr(column_, end - column_) + "'");
    }
    const size_t close = text.find('>', column_);
    if (close == std::string::npos || close < column_)
      fail("missing '>' at the end of the argument header '" + text.substr(column_) + "'");
    std::string inside = text.substr(column_ + 1, close - column_ - 1);
    column_ = close + 1;
    return inside;
  }

  size_t line() const { return line_; }
  /// "<file>:<line>: " of the last token.
  std::string where() const { return sourceName_ + ":" + std::to_string(tokenLine_ + 1) + ": "; }
  size_t column() const { return column_; }

  /// Throws "<file>:<line>: <message> (reading <part>)" for the line of the last token.
  [[noreturn]] void fail(const std::string &message) const {
    throw Error(where() + message + " (reading " + part_ + ")");
  }

private:
  const std::vector<std::string> &lines_;
  std::string sourceName_;
  std::string part_;
  size_t line_ = 0, column_ = 0;
  size_t tokenLine_ = 0;
};

std::vector<std::string> linesWithoutComments(std::string_view text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string line(text.substr(start, end - start));
    if (const size_t hash = line.find('#'); hash != std::string::npos) line.resize(hash);
    lines.push_back(std::move(line));
    start = end + 1;
  }
  return lines;
}

uint64_t readSize(SimReader &in, std::string_view expected) {
  const std::string text = in.token(expected);
  uint64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value == 0)
    in.fail("expected " + std::string(expected) + " (a whole number above 0), got '" + text + "'");
  return value;
}

/// One component type of the `.sim` format, with the C++ type that holds it.
struct SimType {
  ScalarType scalar;
  uint32_t size;
};

std::optional<SimType> simTypeNamed(std::string_view name) {
  static const std::pair<const char *, SimType> kTypes[] = {
      {"char", {ScalarType::Char, 1}},   {"uchar", {ScalarType::UChar, 1}},
      {"short", {ScalarType::Short, 2}}, {"ushort", {ScalarType::UShort, 2}},
      {"int", {ScalarType::Int, 4}},     {"uint", {ScalarType::UInt, 4}},
      {"long", {ScalarType::Long, 8}},   {"ulong", {ScalarType::ULong, 8}},
      {"float", {ScalarType::Float, 4}}, {"double", {ScalarType::Double, 8}}};
  for (const auto &[spelling, type] : kTypes)
    if (name == spelling) return type;
  return std::nullopt;
}

/// The type a parameter's values take without a type token: its element type's scalar, by
/// the prefix of its OpenCL type name (`float4*` is float), `void*` as uchar.
std::optional<SimType> defaultSimType(std::string_view typeName) {
  static const char *const kPrefixes[] = {"char", "uchar", "short", "ushort", "int",
                                          "uint", "long",  "ulong", "float",  "double"};
  if (typeName.starts_with("const ")) typeName.remove_prefix(6);
  for (const char *prefix : kPrefixes)
    if (typeName.starts_with(prefix)) return simTypeNamed(prefix);
  if (typeName.starts_with("void*")) return simTypeNamed("uchar");
  return std::nullopt;
}

/// `text` as a T, read as oclgrind-kernel reads it: decimal (hexadecimal, with or without
/// 0x, after `hex`) for integers, char and uchar as an int that must fit; nullopt when it
/// is not one.
template <typename T> std::optional<T> parseAs(std::string_view text, bool hex) {
  if (text.starts_with('+')) text.remove_prefix(1);
  if constexpr (std::is_floating_point_v<T>) {
    T value{};
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
  } else {
    const bool negative = text.starts_with('-');
    if (negative) text.remove_prefix(1);
    if (hex && (text.starts_with("0x") || text.starts_with("0X"))) text.remove_prefix(2);
    uint64_t magnitude = 0;
    const auto [end, ec] =
        std::from_chars(text.data(), text.data() + text.size(), magnitude, hex ? 16 : 10);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    if constexpr (sizeof(T) == 1) {
      // Read as an int, then kept only when the char holds the same value.
      if (magnitude > uint64_t{std::numeric_limits<int>::max()}) return std::nullopt;
      const int asInt = negative ? -static_cast<int>(magnitude) : static_cast<int>(magnitude);
      const T value = static_cast<T>(asInt);
      if (static_cast<int>(value) != asInt) return std::nullopt;
      return value;
    } else if constexpr (std::is_signed_v<T>) {
      const uint64_t limit =
          uint64_t{static_cast<std::make_unsigned_t<T>>(std::numeric_limits<T>::max())} +
          (negative ? 1 : 0);
      if (magnitude > limit) return std::nullopt;
      return static_cast<T>(negative ? static_cast<T>(0 - magnitude) : static_cast<T>(magnitude));
    } else {
      // An unsigned type takes a negative number modulo 2^bits, as istream does.
      if (magnitude > std::numeric_limits<T>::max()) return std::nullopt;
      return static_cast<T>(negative ? T(0) - static_cast<T>(magnitude) : magnitude);
    }
  }
}

template <typename T> uint64_t bitsOf(T value) {
  uint64_t bits = 0;
  std::memcpy(&bits, &value, sizeof(T));
  return bits;
}

/// What a header asks for one argument.
struct SimHeader {
  std::optional<uint64_t> size;
  std::optional<SimType> type;
  std::string fill, range;
  bool dump = false, hex = false, noinit = false, null = false;
  BufferAccess access = BufferAccess::ReadWrite;
};

bool isMemoryParam(const KernelParam &p) {
  return p.kind == ParamKind::GlobalBuffer || p.kind == ParamKind::ConstantBuffer;
}

SimHeader parseHeader(SimReader &in, const std::string &text, const KernelParam &param) {
  SimHeader h;
  std::istringstream tokens(text);
  std::string token;
  while (tokens >> token) {
    if (std::optional<SimType> type = simTypeNamed(token)) {
      if (h.type) in.fail("the type is given twice ('" + token + "')");
      h.type = type;
    } else if (token.starts_with("dump")) {
      h.dump = true;
    } else if (token.starts_with("fill")) {
      if (token.size() < 6 || token[4] != '=') in.fail("expected fill=VALUE, got '" + token + "'");
      h.fill = token.substr(5);
    } else if (token.starts_with("range")) {
      if (token.size() < 7 || token[5] != '=')
        in.fail("expected range=START:STEP:END, got '" + token + "'");
      h.range = token.substr(6);
    } else if (token == "hex") {
      h.hex = true;
    } else if (token == "noinit" || token == "null") {
      if (!isMemoryParam(param))
        in.fail("'" + token + "' is only for __global and __constant pointer arguments");
      (token == "null" ? h.null : h.noinit) = true;
    } else if (token == "ro" || token == "wo") {
      if (param.kind != ParamKind::GlobalBuffer)
        in.fail("'" + token + "' is only for __global pointer arguments");
      const BufferAccess access = token == "ro" ? BufferAccess::ReadOnly : BufferAccess::WriteOnly;
      if (h.access != BufferAccess::ReadWrite && h.access != access)
        in.fail("'ro' and 'wo' exclude each other");
      h.access = access;
    } else if (token.starts_with("size")) {
      if (token.size() < 6 || token[4] != '=') in.fail("expected size=BYTES, got '" + token + "'");
      uint64_t size = 0;
      const char *first = token.data() + 5, *last = token.data() + token.size();
      const auto [end, ec] = std::from_chars(first, last, size);
      if (ec != std::errc() || end != last) in.fail("invalid size in '" + token + "'");
      h.size = size;
    } else {
      in.fail("unknown header token '" + token +
              "'; expected size=BYTES, a type (char uchar short ushort int uint long ulong "
              "float double), fill=V, range=START:STEP:END, noinit, null, ro, wo, hex or dump");
    }
  }
  return h;
}

template <typename T> void storeInto(std::vector<std::byte> &bytes, size_t index, T value) {
  std::memcpy(bytes.data() + index * sizeof(T), &value, sizeof(T));
}

/// Reads the contents of an argument of `size` bytes of T: fill, range or values.
template <typename T>
std::vector<std::byte> readContents(SimReader &in, const SimHeader &h, uint64_t size) {
  const uint64_t count = size / sizeof(T);
  std::vector<std::byte> bytes(size);
  const char *typeName = scalarName(h.type->scalar);
  if (!h.fill.empty()) {
    const std::optional<T> value = parseAs<T>(h.fill, h.hex);
    if (!value) in.fail("invalid fill value '" + h.fill + "' for " + typeName);
    for (uint64_t i = 0; i < count; ++i) storeInto(bytes, i, *value);
  } else if (!h.range.empty()) {
    T parts[3]{};
    std::string_view rest = h.range;
    for (int i = 0; i < 3; ++i) {
      const size_t colon = i < 2 ? rest.find(':') : std::string_view::npos;
      if (i < 2 && colon == std::string_view::npos)
        in.fail("invalid range '" + h.range + "': expected START:STEP:END");
      const std::optional<T> part = parseAs<T>(rest.substr(0, colon), h.hex);
      if (!part)
        in.fail("invalid range '" + h.range + "': '" + std::string(rest.substr(0, colon)) +
                "' is not a " + typeName);
      parts[i] = *part;
      if (i < 2) rest.remove_prefix(colon + 1);
    }
    // START, START+STEP, ... up to END, in T's arithmetic: the count must fill the size.
    const double num = (parts[2] - parts[0] + parts[1]) / static_cast<double>(parts[1]);
    if (std::ceil(num) != num || num * sizeof(T) != static_cast<double>(size))
      in.fail("range '" + h.range + "' does not give " + std::to_string(count) + " " + typeName +
              " values (size=" + std::to_string(size) + ")");
    T value = parts[0];
    for (uint64_t i = 0; i < count; ++i) {
      storeInto(bytes, i, value);
      value = static_cast<T>(value + parts[1]);
    }
  } else {
    for (uint64_t i = 0; i < count; ++i) {
      const std::string text = in.token(std::to_string(count) + " " + typeName + " values");
      const std::optional<T> value = parseAs<T>(text, h.hex);
      if (!value)
        in.fail("value " + std::to_string(i) + " of " + std::to_string(count) + ": '" + text +
                "' is not a " + typeName + (h.hex ? " in hexadecimal" : ""));
      storeInto(bytes, i, *value);
    }
  }
  return bytes;
}

std::vector<std::byte> readContentsOf(SimReader &in, const SimHeader &h, uint64_t size) {
  switch (h.type->scalar) {
  case ScalarType::Char:
    return readContents<int8_t>(in, h, size);
  case ScalarType::UChar:
    return readContents<uint8_t>(in, h, size);
  case ScalarType::Short:
    return readContents<int16_t>(in, h, size);
  case ScalarType::UShort:
    return readContents<uint16_t>(in, h, size);
  case ScalarType::Int:
    return readContents<int32_t>(in, h, size);
  case ScalarType::UInt:
    return readContents<uint32_t>(in, h, size);
  case ScalarType::Long:
    return readContents<int64_t>(in, h, size);
  case ScalarType::ULong:
    return readContents<uint64_t>(in, h, size);
  case ScalarType::Float:
    return readContents<float>(in, h, size);
  case ScalarType::Double:
    return readContents<double>(in, h, size);
  case ScalarType::Half:
    break;
  }
  in.fail("half is not a .sim type");
}

/// A buffer name for parameter `index`: its own name, else "arg N"; unique in `spec`.
std::string bufferName(const RunSpec &spec, const KernelParam &param, size_t index) {
  std::string name = parameterName(param.name, index);
  if (spec.findBuffer(name)) name += "." + std::to_string(index);
  return name;
}

void readArgument(SimReader &in, const KernelParam &param, size_t index, RunSpec &spec,
                  LaunchSpec &launch) {
  in.reading("argument " + std::to_string(index) + " '" + parameterName(param.name, index) + "'");
  const std::string headerText = in.header();
  SimHeader h = parseHeader(in, headerText, param);
  if (param.kind == ParamKind::Image || param.kind == ParamKind::Sampler ||
      param.kind == ParamKind::Unsupported)
    in.fail("a " + param.typeName + " parameter cannot be given in a .sim file");

  ArgSpec arg;
  arg.path = in.where() + "argument " + std::to_string(index) + " '" + param.name + "'";
  if (h.null) {
    if (h.size || !h.fill.empty() || !h.range.empty() || h.noinit || h.dump)
      in.fail("'null' takes no other header token");
    arg.kind = ArgSpec::Kind::Null;
    launch.args.push_back(std::move(arg));
    return;
  }
  if (!h.size) in.fail("size=BYTES is required");
  const uint64_t size = *h.size;
  if (param.kind == ParamKind::LocalBuffer) {
    arg.kind = ArgSpec::Kind::Local;
    arg.localSize = size;
    launch.args.push_back(std::move(arg));
    return;
  }
  if (!h.type) {
    h.type = defaultSimType(param.typeName);
    if (!h.type)
      in.fail("no .sim type for the parameter's type '" + param.typeName +
              "': give one (char uchar short ushort int uint long ulong float double)");
  }
  if (size % h.type->size)
    in.fail("size=" + std::to_string(size) + " is not a whole number of " +
            scalarName(h.type->scalar) + " values");
  if (h.dump && !isMemoryParam(param))
    in.fail("'dump' is only for __global and __constant pointer arguments");
  if ((!h.fill.empty()) + (!h.range.empty()) + h.noinit > 1)
    in.fail("more than one of fill=, range= and noinit");

  if (!isMemoryParam(param)) {
    arg.kind = param.kind == ParamKind::ByValStruct ? ArgSpec::Kind::Struct : ArgSpec::Kind::Scalar;
    arg.scalarType = ElementType{h.type->scalar, 1};
    arg.bytes = readContentsOf(in, h, size);
    if (arg.bytes.size() != param.size)
      in.fail("size=" + std::to_string(size) + " but the parameter (" + param.typeName + ") is " +
              std::to_string(param.size) + " bytes");
    launch.args.push_back(std::move(arg));
    return;
  }

  BufferSpec buffer;
  buffer.name = bufferName(spec, param, index);
  buffer.type = ElementType{h.type->scalar, 1};
  buffer.count = size / h.type->size;
  buffer.access = h.access;
  if (!h.noinit) {
    const std::vector<std::byte> bytes = readContentsOf(in, h, size);
    buffer.init.kind = BufferInit::Kind::Values;
    buffer.init.valueBits.reserve(buffer.count);
    for (uint64_t i = 0; i < buffer.count; ++i)
      buffer.init.valueBits.push_back(loadComponent(bytes.data() + i * h.type->size, h.type->size));
  }
  if (h.dump) {
    buffer.dumpText = true;
    buffer.dumpSpelling = "dump";
    buffer.dumpView.style = DumpView::Style::Oclgrind;
    buffer.dumpView.hex = h.hex;
  }
  arg.kind = ArgSpec::Kind::Buffer;
  arg.buffer = buffer.name;
  spec.buffers.push_back(std::move(buffer));
  launch.args.push_back(std::move(arg));
}

} // namespace

bool isSimFile(const std::filesystem::path &file) {
  return file.extension() == ".sim";
}

SimFile parseSimText(std::string_view text, const std::filesystem::path &baseDir,
                     const std::string &sourceName) {
  SimFile sim;
  sim.sourceName = sourceName;
  sim.lines = linesWithoutComments(text);
  SimReader in(sim.lines, sourceName);
  in.reading("the program file");
  sim.programSpelling = in.token("the program file");
  in.reading("the kernel name");
  sim.kernel = in.token("the kernel name");
  in.reading("the NDRange");
  for (uint64_t &size : sim.global) size = readSize(in, "a global size");
  in.reading("the work-group size");
  for (uint64_t &size : sim.local) size = readSize(in, "a work-group size");
  sim.line = in.line();
  sim.column = in.column();

  namespace fs = std::filesystem;
  const fs::path program = sim.programSpelling;
  sim.program = program;
  if (program.is_relative()) {
    std::error_code ignored;
    sim.program = baseDir / program;
    if (!fs::exists(sim.program, ignored) && fs::exists(program, ignored))
      sim.program = fs::absolute(program, ignored);
  }
  return sim;
}

SimFile readSimFile(const std::filesystem::path &file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw Error(file.string() + ": cannot open the simulator file");
  std::ostringstream text;
  text << in.rdbuf();
  return parseSimText(text.str(), file.parent_path(), file.string());
}

RunSpec simRunSpec(const SimFile &sim, const KernelSignature &kernel,
                   const std::string &buildOptions) {
  RunSpec spec;
  spec.module = sim.program;
  spec.buildOptions = buildOptions;
  LaunchSpec launch;
  launch.kernel = sim.kernel;
  launch.dims = 3;
  launch.global = sim.global;
  launch.local = sim.local;
  SimReader in(sim.lines, sim.sourceName, sim.line, sim.column);
  for (size_t i = 0; i < kernel.params.size(); ++i)
    readArgument(in, kernel.params[i], i, spec, launch);
  in.reading("the end of the file");
  if (in.skipSpace()) {
    const std::string extra = in.token("the end of the file");
    in.fail("unexpected '" + extra + "': kernel '" + kernel.name + "' has " +
            std::to_string(kernel.params.size()) + " parameters, all given");
  }
  spec.launches.push_back(std::move(launch));
  return spec;
}

} // namespace spvsim::runfile
