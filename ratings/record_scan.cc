#include "ratings/record_scan.h"

#include <fmt/format.h>

#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace ratings {
namespace {

// The first byte of [p, end) that ends a run of plain string characters:
// a quote, a backslash or a control character. Sixteen bytes at a time:
// records are mostly strings to skip.
inline const char* FindSpecial(const char* p, const char* end) {
#if defined(__SSE2__)
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i backslash = _mm_set1_epi8('\\');
  const __m128i control = _mm_set1_epi8(0x1f);
  while (end - p >= 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m128i hit = _mm_or_si128(
        _mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)),
        _mm_cmpeq_epi8(_mm_min_epu8(v, control), v));  // v <= 0x1f
    if (const int mask = _mm_movemask_epi8(hit); mask != 0) {
      return p + __builtin_ctz(static_cast<unsigned>(mask));
    }
    p += 16;
  }
#endif
  for (; p < end; ++p) {
    const auto c = static_cast<unsigned char>(*p);
    if (c == '"' || c == '\\' || c < 0x20) return p;
  }
  return end;
}

bool IsHex(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
         (c >= 'A' && c <= 'F');
}

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// A field's name, put together only for a message: "seats[3].team" is
// {"seats", 3, ".team"}.
struct Field {
  std::string_view prefix;
  size_t index = std::string_view::npos;
  std::string_view suffix;
  Field(const char* name) : prefix(name) {}  // NOLINT: field names
  Field(std::string_view p, size_t i, std::string_view s)
      : prefix(p), index(i), suffix(s) {}
  std::string Name() const {
    return index == std::string_view::npos
               ? std::string(prefix)
               : fmt::format("{}[{}]{}", prefix, index, suffix);
  }
};

// "FAULT_REASON_TIMEOUT" (or its number) -> "timeout".
std::string FaultReasonName(std::string_view s) {
  constexpr std::string_view kPrefix = "FAULT_REASON_";
  if (s.starts_with(kPrefix)) s.remove_prefix(kPrefix.size());
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(c));
  return out.empty() ? "unspecified" : out;
}

std::string FaultReasonName(int64_t v) {
  static constexpr std::array<const char*, 9> kNames = {
      "unspecified", "timeout", "illegal_action", "malformed_message", "crash",
      "disconnect",  "startup", "memory_limit",   "process_limit"};
  return v >= 0 && v < static_cast<int64_t>(kNames.size())
             ? kNames[v]
             : fmt::format("reason_{}", v);
}

}  // namespace

// Every step returns false on an error, which it leaves in error_: a
// record has dozens of values, and the common case must cost little.
class RecordParser {
 public:
  RecordParser(std::string_view line, RecordScanner& scanner,
               std::string* error)
      : begin_(line.data()),
        p_(line.data()),
        end_(line.data() + line.size()),
        scanner_(scanner),
        error_(*error) {}

  bool Parse(RecordFields* f);

 private:
  static constexpr int kMaxDepth = 256;

  bool Invalid(std::string_view what) {
    error_ =
        fmt::format("invalid JSON at column {}: {}", p_ - begin_ + 1, what);
    return false;
  }
  // A value of the wrong type: the message shows it.
  bool Wrong(const Field& field, std::string_view expected) {
    Ws();
    const char* start = p_;
    if (!SkipValue()) return false;
    const std::string_view text(start, p_ - start);
    std::string shown(text.substr(0, 40));
    if (text.size() > 40) shown.replace(37, 3, "...");
    error_ = fmt::format("field '{}': expected {}, got {}", field.Name(),
                         expected, shown);
    return false;
  }
  void Ws() {
    while (p_ < end_ &&
           (*p_ == ' ' || *p_ == '\t' || *p_ == '\n' || *p_ == '\r')) {
      ++p_;
    }
  }
  bool At(char c) {
    Ws();
    return p_ < end_ && *p_ == c;
  }
  bool Literal(std::string_view word) {
    if (static_cast<size_t>(end_ - p_) < word.size() ||
        std::string_view(p_, word.size()) != word) {
      return false;
    }
    p_ += word.size();
    return true;
  }

  bool String(std::string_view* out);
  bool Unescape(std::string_view raw, std::string_view* out);
  bool SkipString();
  bool SkipNumber();
  bool SkipValue();
  bool Integer(const Field& field, int64_t* out);
  bool Text(const Field& field, std::string_view* out);
  // Calls member(key) for each member of an object (null: none); member
  // must consume the value and return false on an error.
  template <typename F>
  bool Object(const Field& field, F&& member);
  // Calls element(index) likewise for each element of an array.
  template <typename F>
  bool Array(const Field& field, F&& element);

  const char* begin_;
  const char* p_;
  const char* end_;
  RecordScanner& scanner_;
  std::string& error_;
  int depth_ = 0;
};

bool RecordParser::String(std::string_view* out) {
  // At the opening quote.
  const char* start = ++p_;
  bool escaped = false;
  for (;;) {
    p_ = FindSpecial(p_, end_);
    if (p_ >= end_) return Invalid("unterminated string");
    if (*p_ == '"') break;
    if (*p_ != '\\') return Invalid("control character in a string");
    escaped = true;
    p_ += 2;  // the escaped character; \uXXXX digits are plain ones
    if (p_ > end_) {
      p_ = end_;
      return Invalid("unterminated string");
    }
  }
  const std::string_view raw(start, p_ - start);
  ++p_;
  if (!escaped) {
    *out = raw;
    return true;
  }
  return Unescape(raw, out);
}

bool RecordParser::Unescape(std::string_view raw, std::string_view* result) {
  if (scanner_.used_ == scanner_.strings_.size()) {
    scanner_.strings_.emplace_back();
  }
  std::string& out = scanner_.strings_[scanner_.used_++];
  out.clear();
  auto hex4 = [&](size_t i, uint32_t* v) {
    if (i + 4 > raw.size()) return false;
    *v = 0;
    for (size_t k = i; k < i + 4; ++k) {
      const char h = raw[k];
      if (!IsHex(h)) return false;
      const int d = h <= '9' ? h - '0' : (h | 0x20) - 'a' + 10;
      *v = *v << 4 | static_cast<uint32_t>(d);
    }
    return true;
  };
  for (size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] != '\\') {
      out += raw[i];
      continue;
    }
    const char e = raw[++i];
    switch (e) {
      case '"':
        out += '"';
        break;
      case '\\':
        out += '\\';
        break;
      case '/':
        out += '/';
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'u': {
        uint32_t code = 0;
        if (!hex4(i + 1, &code)) return Invalid("bad \\u escape");
        i += 4;
        if (code >= 0xd800 && code <= 0xdbff) {
          uint32_t low = 0;
          if (i + 2 >= raw.size() || raw[i + 1] != '\\' || raw[i + 2] != 'u' ||
              !hex4(i + 3, &low) || low < 0xdc00 || low > 0xdfff) {
            return Invalid("unpaired surrogate in a \\u escape");
          }
          i += 6;
          code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        } else if (code >= 0xdc00 && code <= 0xdfff) {
          return Invalid("unpaired surrogate in a \\u escape");
        }
        if (code < 0x80) {
          out += static_cast<char>(code);
        } else if (code < 0x800) {
          out += static_cast<char>(0xc0 | code >> 6);
          out += static_cast<char>(0x80 | (code & 0x3f));
        } else if (code < 0x10000) {
          out += static_cast<char>(0xe0 | code >> 12);
          out += static_cast<char>(0x80 | (code >> 6 & 0x3f));
          out += static_cast<char>(0x80 | (code & 0x3f));
        } else {
          out += static_cast<char>(0xf0 | code >> 18);
          out += static_cast<char>(0x80 | (code >> 12 & 0x3f));
          out += static_cast<char>(0x80 | (code >> 6 & 0x3f));
          out += static_cast<char>(0x80 | (code & 0x3f));
        }
        break;
      }
      default:
        return Invalid("bad escape in a string");
    }
  }
  *result = out;
  return true;
}

bool RecordParser::SkipString() {
  ++p_;
  for (;;) {
    p_ = FindSpecial(p_, end_);
    if (p_ >= end_) return Invalid("unterminated string");
    if (*p_ == '"') {
      ++p_;
      return true;
    }
    if (*p_ != '\\') return Invalid("control character in a string");
    if (++p_ >= end_) return Invalid("unterminated string");
    const char e = *p_++;
    if (e == 'u') {
      for (int k = 0; k < 4; ++k) {
        if (p_ + k >= end_ || !IsHex(p_[k])) return Invalid("bad \\u escape");
      }
      p_ += 4;
    } else if (std::string_view("\"\\/bfnrt").find(e) ==
               std::string_view::npos) {
      --p_;
      return Invalid("bad escape in a string");
    }
  }
}

bool RecordParser::SkipNumber() {
  auto digits = [&] {
    const char* start = p_;
    while (p_ < end_ && IsDigit(*p_)) ++p_;
    return p_ > start;
  };
  if (p_ < end_ && *p_ == '-') ++p_;
  if (p_ < end_ && *p_ == '0') {
    ++p_;
  } else if (!digits()) {
    return Invalid("bad number");
  }
  if (p_ < end_ && *p_ == '.') {
    ++p_;
    if (!digits()) return Invalid("bad number");
  }
  if (p_ < end_ && (*p_ == 'e' || *p_ == 'E')) {
    ++p_;
    if (p_ < end_ && (*p_ == '+' || *p_ == '-')) ++p_;
    if (!digits()) return Invalid("bad number");
  }
  return true;
}

bool RecordParser::SkipValue() {
  Ws();
  if (p_ >= end_) return Invalid("unexpected end of line");
  switch (*p_) {
    case '"':
      return SkipString();
    case '{':
      return Object("", [&](std::string_view) { return SkipValue(); });
    case '[':
      return Array("", [&](size_t) { return SkipValue(); });
    case 't':
      if (Literal("true")) return true;
      break;
    case 'f':
      if (Literal("false")) return true;
      break;
    case 'n':
      if (Literal("null")) return true;
      break;
    default:
      if (*p_ == '-' || IsDigit(*p_)) return SkipNumber();
  }
  return Invalid("unexpected character");
}

template <typename F>
bool RecordParser::Object(const Field& field, F&& member) {
  Ws();
  if (p_ >= end_ || *p_ != '{') {
    return Literal("null") || Wrong(field, "an object");
  }
  if (++depth_ > kMaxDepth) return Invalid("nested too deeply");
  ++p_;
  if (At('}')) {
    ++p_;
    --depth_;
    return true;
  }
  for (;;) {
    std::string_view key;
    if (!At('"')) return Invalid("expected a member name");
    // Member names are short and plain.
    const char* q = FindSpecial(p_ + 1, end_);
    if (q < end_ && *q == '"') {
      key = std::string_view(p_ + 1, q - p_ - 1);
      p_ = q + 1;
    } else if (!String(&key)) {
      return false;
    }
    if (!At(':')) return Invalid("expected ':'");
    ++p_;
    if (!member(key)) return false;
    Ws();
    if (p_ < end_ && *p_ == ',') {
      ++p_;
      continue;
    }
    if (p_ < end_ && *p_ == '}') {
      ++p_;
      --depth_;
      return true;
    }
    return Invalid("expected ',' or '}'");
  }
}

template <typename F>
bool RecordParser::Array(const Field& field, F&& element) {
  Ws();
  if (p_ >= end_ || *p_ != '[') {
    return Literal("null") || Wrong(field, "an array");
  }
  if (++depth_ > kMaxDepth) return Invalid("nested too deeply");
  ++p_;
  if (At(']')) {
    ++p_;
    --depth_;
    return true;
  }
  for (size_t i = 0;; ++i) {
    if (!element(i)) return false;
    Ws();
    if (p_ < end_ && *p_ == ',') {
      ++p_;
      continue;
    }
    if (p_ < end_ && *p_ == ']') {
      ++p_;
      --depth_;
      return true;
    }
    return Invalid("expected ',' or ']'");
  }
}

bool RecordParser::Integer(const Field& field, int64_t* out) {
  Ws();
  if (p_ >= end_) return Invalid("unexpected end of line");
  const char* start = p_;
  if (*p_ == '-' || IsDigit(*p_)) {
    // The common case, a small plain integer, without the general parse.
    const char* q = p_ + (*p_ == '-');
    const char* digits = q;
    uint64_t v = 0;
    while (q < end_ && IsDigit(*q) && q - digits < 18) {
      v = v * 10 + static_cast<uint64_t>(*q - '0');
      ++q;
    }
    if (q > digits && (q - digits == 1 || *digits != '0') &&
        (q == end_ || (*q != '.' && *q != 'e' && *q != 'E' && !IsDigit(*q)))) {
      p_ = q;
      *out = *start == '-' ? -static_cast<int64_t>(v) : static_cast<int64_t>(v);
      return true;
    }
    if (!SkipNumber()) return false;
    const std::string_view text(start, p_ - start);
    int64_t whole = 0;
    const auto [end, ec] = std::from_chars(start, p_, whole);
    if (ec == std::errc() && end == p_) {
      *out = whole;
      return true;
    }
    // 3.0 or 1e3 are integers too; 2.5 and 1e30 are not.
    const double d = std::strtod(std::string(text).c_str(), nullptr);
    if (std::isfinite(d) && d == std::trunc(d) && std::abs(d) < 9.2e18) {
      *out = static_cast<int64_t>(d);
      return true;
    }
    p_ = start;
    return Wrong(field, "an integer");
  }
  if (Literal("null")) {
    *out = 0;
    return true;
  }
  if (*p_ == '"') {
    std::string_view text;
    if (!String(&text)) return false;
    const auto [end, ec] =
        std::from_chars(text.data(), text.data() + text.size(), *out);
    if (!text.empty() && ec == std::errc() &&
        end == text.data() + text.size()) {
      return true;
    }
    p_ = start;
  }
  return Wrong(field, "an integer");
}

bool RecordParser::Text(const Field& field, std::string_view* out) {
  Ws();
  if (Literal("null")) {
    *out = {};
    return true;
  }
  if (p_ >= end_ || *p_ != '"') return Wrong(field, "a string");
  return String(out);
}

bool RecordParser::Parse(RecordFields* f) {
  f->game_id = f->duplicate_group = {};
  f->round = f->num_players = f->first_dealer = 0;
  f->first_mover.reset();
  f->seats.clear();
  f->places.clear();
  f->scores.clear();
  f->faults.clear();
  f->steps.clear();
  scanner_.used_ = 0;
  Ws();
  if (p_ >= end_ || *p_ != '{') {
    if (p_ < end_ && (*p_ == '[' || *p_ == '"' || *p_ == '-' || IsDigit(*p_) ||
                      *p_ == 't' || *p_ == 'f' || *p_ == 'n')) {
      error_ = "expected a JSON object";
      return false;
    }
    return Invalid("expected a JSON object");
  }
  auto seat = [&](size_t k) {
    RecordFields::Seat& s = f->seats.emplace_back();
    return Object(Field("seats", k, ""), [&](std::string_view key) {
      if (key == "seat") {
        int64_t v = 0;
        const bool ok = Integer(Field("seats", k, ".seat"), &v);
        s.seat = v;
        return ok;
      }
      if (key == "bot_name" || key == "botName") {
        return Text(Field("seats", k, ".bot_name"), &s.bot_name);
      }
      if (key == "team") return Integer(Field("seats", k, ".team"), &s.team);
      return SkipValue();
    });
  };
  auto integers = [&](std::vector<int64_t>* out, std::string_view name) {
    out->clear();
    return Array(Field(name, std::string_view::npos, ""), [&](size_t k) {
      return Integer(Field(name, k, ""), &out->emplace_back());
    });
  };
  auto fault = [&](size_t k) {
    RecordFields::Fault& fl = f->faults.emplace_back();
    fl.reason = "unspecified";
    return Object(Field("result.faults", k, ""), [&](std::string_view key) {
      if (key == "seat") {
        return Integer(Field("result.faults", k, ".seat"), &fl.seat);
      }
      if (key == "reason") {
        if (At('"')) {
          std::string_view v;
          if (!String(&v)) return false;
          fl.reason = FaultReasonName(v);
          return true;
        }
        int64_t v = 0;
        if (!Integer(Field("result.faults", k, ".reason"), &v)) return false;
        fl.reason = FaultReasonName(v);
        return true;
      }
      return SkipValue();
    });
  };
  auto result = [&] {
    return Object("result", [&](std::string_view key) {
      if (key == "places") return integers(&f->places, "result.places");
      if (key == "scores") return integers(&f->scores, "result.scores");
      if (key == "faults") {
        f->faults.clear();
        return Array("result.faults", fault);
      }
      return SkipValue();
    });
  };
  auto step = [&](size_t k) {
    RecordFields::Step& st = f->steps.emplace_back();
    return Object(Field("steps", k, ""), [&](std::string_view key) {
      if (key == "seat") return Integer(Field("steps", k, ".seat"), &st.seat);
      if (key == "decision_us" || key == "decisionUs") {
        return Integer(Field("steps", k, ".decision_us"), &st.decision_us);
      }
      return SkipValue();
    });
  };
  const bool ok = Object("", [&](std::string_view key) {
    switch (key.size()) {
      case 5:
        if (key == "seats") {
          f->seats.clear();
          return Array("seats", seat);
        }
        if (key == "steps") {
          f->steps.clear();
          return Array("steps", step);
        }
        if (key == "round") return Integer("round", &f->round);
        break;
      case 6:
        if (key == "result") return result();
        if (key == "gameId") return Text("game_id", &f->game_id);
        break;
      case 7:
        if (key == "game_id") return Text("game_id", &f->game_id);
        break;
      case 10:
        if (key == "numPlayers") {
          return Integer("num_players", &f->num_players);
        }
        if (key == "firstMover") {
          f->first_mover = 0;
          return Integer("first_mover", &*f->first_mover);
        }
        break;
      case 11:
        if (key == "num_players") {
          return Integer("num_players", &f->num_players);
        }
        if (key == "first_mover") {
          f->first_mover = 0;
          return Integer("first_mover", &*f->first_mover);
        }
        if (key == "firstDealer") {
          return Integer("first_dealer", &f->first_dealer);
        }
        break;
      case 12:
        if (key == "first_dealer") {
          return Integer("first_dealer", &f->first_dealer);
        }
        break;
      case 14:
        if (key == "duplicateGroup") {
          return Text("duplicate_group", &f->duplicate_group);
        }
        break;
      case 15:
        if (key == "duplicate_group") {
          return Text("duplicate_group", &f->duplicate_group);
        }
        break;
    }
    return SkipValue();
  });
  if (!ok) return false;
  Ws();
  if (p_ != end_) return Invalid("text after the record");
  return true;
}

std::expected<void, std::string> RecordScanner::Scan(std::string_view line,
                                                     RecordFields* fields) {
  std::string error;
  RecordParser parser(line, *this, &error);
  if (!parser.Parse(fields)) return std::unexpected(std::move(error));
  return {};
}

}  // namespace ratings
