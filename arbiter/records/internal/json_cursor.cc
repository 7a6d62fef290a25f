#include "arbiter/records/internal/json_cursor.h"

#include <charconv>
#include <cstring>
#include <type_traits>

namespace arbiter::records::internal {
namespace {

bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsHex(char c) {
  return IsDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

void AppendUtf8(uint32_t c, std::string& out) {
  if (c < 0x80) {
    out.push_back(char(c));
  } else if (c < 0x800) {
    out.push_back(char(0xC0 | (c >> 6)));
    out.push_back(char(0x80 | (c & 0x3F)));
  } else if (c < 0x10000) {
    out.push_back(char(0xE0 | (c >> 12)));
    out.push_back(char(0x80 | ((c >> 6) & 0x3F)));
    out.push_back(char(0x80 | (c & 0x3F)));
  } else {
    out.push_back(char(0xF0 | (c >> 18)));
    out.push_back(char(0x80 | ((c >> 12) & 0x3F)));
    out.push_back(char(0x80 | ((c >> 6) & 0x3F)));
    out.push_back(char(0x80 | (c & 0x3F)));
  }
}

}  // namespace

std::string FieldName::ToString() const {
  if (index < 0) return std::string(prefix);
  return *suffix == '\0' ? fmt::format("{}[{}]", prefix, index)
                         : fmt::format("{}[{}].{}", prefix, index, suffix);
}

bool Cursor::Torn() {
  error_ = {Problem::Kind::kTorn, "the record ends early (a write cut short)"};
  return false;
}

bool Cursor::Syntax(std::string_view what) {
  error_ = {
      Problem::Kind::kMalformed,
      fmt::format("invalid JSON at column {}: {}", p_ - begin_ + 1, what)};
  return false;
}

bool Cursor::Field(const FieldName& field, std::string_view what) {
  error_ = {Problem::Kind::kMalformed,
            fmt::format("field '{}': {}", field.ToString(), what)};
  return false;
}

bool Cursor::AtEndAfterValue() {
  SkipSpace();
  if (p_ != end_) return Syntax("text after the record");
  return true;
}

// A value of the wrong type: the message shows it.
bool Cursor::Wrong(const FieldName& field, std::string_view expected) {
  SkipSpace();
  const char* start = p_;
  if (!SkipValue()) return false;
  const std::string_view text(start, size_t(p_ - start));
  std::string shown(text.substr(0, 40));
  if (text.size() > 40) shown.replace(37, 3, "...");
  return Field(field, fmt::format("expected {}, got {}", expected, shown));
}

template <size_t N>
bool Cursor::Literal(const char (&word)[N]) {
  constexpr size_t n = N - 1;
  const size_t left = size_t(end_ - p_);
  if (left >= n && std::memcmp(p_, word, n) == 0) {  // a constant size
    p_ += n;
    return true;
  }
  if (left < n && std::string_view(p_, left) == std::string_view(word, left)) {
    return Torn();
  }
  return Syntax("unexpected character");
}

// The slow path of String: escapes, and every error.
bool Cursor::Unescape(const char* start, std::string_view* out) {
  std::string& text = store_.Next();
  p_ = start;
  auto hex4 = [&](uint32_t* v) {
    if (end_ - p_ < 4) {
      for (const char* q = p_; q < end_; ++q) {
        if (!IsHex(*q)) return Syntax("bad \\u escape");
      }
      return Torn();
    }
    *v = 0;
    for (int k = 0; k < 4; ++k, ++p_) {
      if (!IsHex(*p_)) return Syntax("bad \\u escape");
      const char h = *p_;
      *v = *v << 4 | uint32_t(h <= '9' ? h - '0' : (h | 0x20) - 'a' + 10);
    }
    return true;
  };
  for (;;) {
    const char* stop = FindStringStop(p_, end_);
    text.append(p_, size_t(stop - p_));
    p_ = stop;
    if (p_ == end_) return Torn();
    const char c = *p_;
    if (c == '"') {
      ++p_;
      *out = text;
      return true;
    }
    if (c != '\\') return Syntax("control character in a string");
    if (++p_ == end_) return Torn();
    const char e = *p_++;
    switch (e) {
      case '"':
        text += '"';
        break;
      case '\\':
        text += '\\';
        break;
      case '/':
        text += '/';
        break;
      case 'b':
        text += '\b';
        break;
      case 'f':
        text += '\f';
        break;
      case 'n':
        text += '\n';
        break;
      case 'r':
        text += '\r';
        break;
      case 't':
        text += '\t';
        break;
      case 'u': {
        uint32_t code = 0;
        if (!hex4(&code)) return false;
        if (code >= 0xDC00 && code <= 0xDFFF) {
          return Syntax("unpaired surrogate in a \\u escape");
        }
        if (code >= 0xD800 && code <= 0xDBFF) {
          if (end_ - p_ < 2) {
            if (p_ == end_ || *p_ == '\\') return Torn();
            return Syntax("unpaired surrogate in a \\u escape");
          }
          if (p_[0] != '\\' || p_[1] != 'u') {
            return Syntax("unpaired surrogate in a \\u escape");
          }
          p_ += 2;
          uint32_t low = 0;
          if (!hex4(&low)) return false;
          if (low < 0xDC00 || low > 0xDFFF) {
            return Syntax("unpaired surrogate in a \\u escape");
          }
          code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
        }
        AppendUtf8(code, text);
        break;
      }
      default:
        --p_;
        return Syntax("bad escape in a string");
    }
  }
}

bool Cursor::SkipString() {
  if (options_.as_protobuf) {  // Unescape checks surrogates
    std::string_view ignored;
    return String(&ignored);
  }
  const char* p = p_ + 1;  // past the opening quote
  for (;;) {
    p = FindStringStop(p, end_);
    if (p == end_) {
      p_ = end_;
      return Torn();
    }
    if (*p == '"') {
      p_ = p + 1;
      return true;
    }
    if (*p != '\\') {
      p_ = p;
      return Syntax("control character in a string");
    }
    if (end_ - p < 2) {
      p_ = end_;
      return Torn();
    }
    const char e = p[1];
    if (e == 'u') {
      for (int k = 2; k < 6; ++k) {
        if (p + k == end_) {
          p_ = end_;
          return Torn();
        }
        if (!IsHex(p[k])) {
          p_ = p;
          return Syntax("bad \\u escape");
        }
      }
      p += 6;
    } else if (std::strchr("\"\\/bfnrt", e) != nullptr && e != '\0') {
      p += 2;
    } else {
      p_ = p;
      return Syntax("bad escape in a string");
    }
  }
}

// JSON's number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?. A number
// cannot end a record: running out of text is a torn record.
bool Cursor::NumberToken(std::string_view* out) {
  const char* start = p_;
  const char* p = p_;
  auto digits = [&] {
    const char* from = p;
    while (p < end_ && IsDigit(*p)) ++p;
    return p > from;
  };
  auto bad = [&] {
    p_ = p;
    return p == end_ ? Torn() : Syntax("bad number");
  };
  if (p < end_ && *p == '-') ++p;
  if (p < end_ && *p == '0') {
    ++p;
  } else if (!digits()) {
    return bad();
  }
  const bool fraction_or_exponent =
      p < end_ && (*p == '.' || *p == 'e' || *p == 'E');
  if (p < end_ && *p == '.') {
    ++p;
    if (!digits()) return bad();
  }
  if (p < end_ && (*p == 'e' || *p == 'E')) {
    ++p;
    if (p < end_ && (*p == '+' || *p == '-')) ++p;
    if (!digits()) return bad();
  }
  if (p == end_) {
    p_ = end_;
    return Torn();
  }
  *out = std::string_view(start, size_t(p - start));
  // Protobuf reads a number with a fraction, an exponent or beyond 64 bits
  // as a double, and refuses one beyond its range.
  if (options_.as_protobuf && (out->size() > 19 || fraction_or_exponent)) {
    double d = 0;
    const auto [stop, ec] = std::from_chars(start, p, d);
    if (ec != std::errc() || stop != p) return Syntax("number out of range");
  }
  p_ = p;
  return true;
}

bool Cursor::SkipValue() {
  SkipSpace();
  if (p_ == end_) return Torn();
  switch (*p_) {
    case '"':
      return SkipString();
    case '{':
      return SkipContainer('}');
    case '[':
      return SkipContainer(']');
    case 't':
      return Literal("true");
    case 'f':
      return Literal("false");
    case 'n':
      return Literal("null");
    default:
      if (*p_ == '-' || IsDigit(*p_)) {
        std::string_view ignored;
        return NumberToken(&ignored);
      }
      return Syntax("unexpected character");
  }
}

// At '{' or '[': what Object and Array do, without their callbacks.
bool Cursor::SkipContainer(char close) {
  if (++depth_ > options_.max_depth) return Syntax("nested too deeply");
  ++p_;
  if (Peek() == close) return CloseContainer();
  for (;;) {
    if (close == '}') {
      std::string_view name;
      if (!MemberName(&name)) return false;
    }
    if (!SkipValue()) return false;
    const char next = Peek();
    if (next == ',') {
      ++p_;
      continue;
    }
    if (next == close) return CloseContainer();
    if (next == '\0') return Torn();
    return Syntax(close == '}' ? "expected ',' or '}'" : "expected ',' or ']'");
  }
}

bool Cursor::OpenContainer(char open, const FieldName& field,
                           std::string_view expected) {
  at_null_ = false;
  const char c = Peek();
  if (c == '\0') return Torn();
  if (c == 'n' && (end_ - p_ < 4 || std::memcmp(p_, "null", 4) == 0)) {
    at_null_ = true;
    return Literal("null");
  }
  if (c != open) return Wrong(field, expected);
  if (++depth_ > options_.max_depth) return Syntax("nested too deeply");
  ++p_;
  return true;
}

bool Cursor::Colon() {
  SkipSpace();
  if (p_ == end_) return Torn();
  if (*p_ != ':') return Syntax("expected ':'");
  ++p_;
  return true;
}

bool Cursor::StringFieldSlow(const FieldName& field, std::string_view* out) {
  const char c = Peek();
  if (c == '\0') return Torn();
  if (c == '"') return String(out);
  if (c == 'n' && (end_ - p_ < 4 || std::memcmp(p_, "null", 4) == 0)) {
    *out = {};
    return Literal("null");
  }
  return Wrong(field, "a string");
}

bool Cursor::NumberText(const FieldName& field, std::string_view* out,
                        bool* quoted) {
  const char c = Peek();
  *quoted = c == '"';
  if (c == '\0') return Torn();
  if (c == '"') return String(out);  // proto JSON's 64-bit integers
  if (c == 'n' && (end_ - p_ < 4 || std::memcmp(p_, "null", 4) == 0)) {
    *out = {};
    return Literal("null");
  }
  if (c == '-' || IsDigit(c)) return NumberToken(out);
  return Wrong(field, "an integer");
}

namespace {

template <typename Int>
bool ParseInteger(std::string_view text, Int* out) {
  if (text.empty()) {
    *out = 0;  // null
    return true;
  }
  Int v = 0;
  const char* end = text.data() + text.size();
  const auto [stop, ec] = std::from_chars(text.data(), end, v);
  if (ec == std::errc() && stop == end) {
    *out = v;
    return true;
  }
  // 1.0 and 1e2 are integers too.
  double d = 0;
  const auto [dstop, dec] = std::from_chars(text.data(), end, d);
  if (dec == std::errc() && dstop == end && d >= -9.2e18 && d <= 1.8e19 &&
      d == double(Int(d))) {
    *out = Int(d);
    return true;
  }
  return false;
}

}  // namespace

template <typename Int>
bool Cursor::Integer(const FieldName& field, Int* out) {
  std::string_view text;
  bool quoted = false;
  if (!NumberText(field, &text, &quoted)) return false;
  if (ParseInteger(text, out)) return true;
  const std::string_view shown = text.substr(0, 40);
  return Field(field,
               quoted ? fmt::format("expected an integer, got \"{}\"", shown)
                      : fmt::format("expected an integer, got {}", shown));
}

template bool Cursor::Integer(const FieldName&, int64_t*);
template bool Cursor::Integer(const FieldName&, uint64_t*);

bool Cursor::Bool(const FieldName& field, bool* out) {
  const char c = Peek();
  if (c == '\0') return Torn();
  *out = c == 't';
  if (c == 't') return Literal("true");
  if (c == 'f') return Literal("false");
  if (c == 'n') return Literal("null");
  return Wrong(field, "true or false");
}

bool Cursor::EnumText(const FieldName& field, std::string_view* out) {
  bool quoted = false;
  return NumberText(field, out, &quoted);
}

}  // namespace arbiter::records::internal
