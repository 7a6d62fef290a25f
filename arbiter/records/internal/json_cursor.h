// A strict, allocation-free reader of one JSON object (one record's line),
// for the record scan (record_view.cc): it reads the values it is asked for
// and checks and skips the others, strings sixteen bytes at a time. It tells
// a text that merely ends early (a record cut short by a kill: kTorn) from
// one that breaks JSON (kMalformed).
#ifndef ARBITER_RECORDS_INTERNAL_JSON_CURSOR_H_
#define ARBITER_RECORDS_INTERNAL_JSON_CURSOR_H_

#include <fmt/format.h>

#include <cstdint>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <string>
#include <string_view>
#include <type_traits>

#include "arbiter/records/internal/string_store.h"
#include "arbiter/records/record_view.h"

namespace arbiter::records::internal {

// The first byte of [p, end) that ends a run of plain string text: a quote,
// a backslash or a control character. Sixteen bytes at a time where SSE2 is
// (records are mostly strings to skip).
[[gnu::always_inline]] inline const char* FindStringStop(const char* p,
                                                         const char* end) {
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
      return p + __builtin_ctz(unsigned(mask));
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

// A field's name for messages, formatted only when one is needed: "seats",
// or "seats[2].team".
struct FieldName {
  FieldName(const char* name) : prefix(name) {}  // NOLINT: implicit
  FieldName(const char* p, size_t i, const char* s = "")
      : prefix(p), index(int64_t(i)), suffix(s) {}
  std::string ToString() const;
  // C strings, measured only in ToString: names are made for every value.
  const char* prefix;
  int64_t index = -1;
  const char* suffix = "";
};

// Every method returns false once the scan has failed; error() says why.
class Cursor {
 public:
  struct Options {
    // Also refuse, even in skipped values, what protobuf's JSON parser
    // refuses in valid JSON: numbers beyond a double's range and unpaired
    // surrogates (\uD800). Its depth limit (100 objects) is kept by
    // max_depth.
    bool as_protobuf = false;
    int max_depth = 256;  // objects and arrays
  };
  Cursor(std::string_view text, StringStore& store)
      : Cursor(text, store, Options()) {}
  Cursor(std::string_view text, StringStore& store, Options options)
      : begin_(text.data()),
        p_(text.data()),
        end_(text.data() + text.size()),
        store_(store),
        options_(options) {}

  const ScanError& error() const { return error_; }

  bool Torn();
  bool Syntax(std::string_view what);
  bool Field(const FieldName& field, std::string_view what);

  // The next non-space character, without taking it; 0 at the end.
  char Peek() {
    SkipSpace();
    return p_ < end_ ? *p_ : '\0';
  }
  // The record's last value was read: only spaces may follow.
  bool AtEndAfterValue();

  [[gnu::always_inline]] bool StringField(const FieldName& field,
                                          std::string_view* out) {
    SkipSpace();
    if (p_ < end_ && *p_ == '"') return String(out);
    return StringFieldSlow(field, out);
  }
  [[gnu::always_inline]] bool Int64(const FieldName& field, int64_t* out) {
    return SmallInteger(out) || Integer(field, out);
  }
  [[gnu::always_inline]] bool Uint64(const FieldName& field, uint64_t* out) {
    return SmallInteger(out) || Integer(field, out);
  }
  // An enum: its name, or its number's text.
  bool EnumText(const FieldName& field, std::string_view* out);
  // true or false (null: false).
  bool Bool(const FieldName& field, bool* out);
  bool SkipValue();
  // The common case, a small plain integer (not in a string, at most 18
  // digits, no fraction or exponent), without the general parse; false
  // (nothing taken) for anything else.
  template <typename Int>
  [[gnu::always_inline]] bool SmallInteger(Int* out) {
    SkipSpace();
    const char* p = p_;
    if (p == end_) return false;
    const bool negative = *p == '-';
    if (negative && !std::is_signed_v<Int>) return false;
    const char* digits = p + negative;
    const char* q = digits;
    uint64_t v = 0;
    while (q < end_ && unsigned(*q - '0') < 10 && q - digits < 18) {
      v = v * 10 + uint64_t(*q - '0');
      ++q;
    }
    if (q == digits || q == end_ || (q - digits > 1 && *digits == '0') ||
        *q == '.' || *q == 'e' || *q == 'E' || unsigned(*q - '0') < 10) {
      return false;
    }
    p_ = q;
    *out = negative ? Int(-int64_t(v)) : Int(v);
    return true;
  }
  // The text of a JSON number at the cursor (checked), or a string's
  // content (*quoted), or empty for null.
  bool NumberText(const FieldName& field, std::string_view* out, bool* quoted);

  // Calls member(name) for each member of the object at the cursor (null:
  // none); member reads the value and returns false to stop.
  template <typename F>
  bool Object(const FieldName& field, F&& member) {
    if (!OpenContainer('{', field, "an object")) return false;
    if (at_null_) return true;
    if (Peek() == '}') return CloseContainer();
    for (;;) {
      std::string_view name;
      if (!MemberName(&name) || !member(name)) return false;
      const char next = Peek();
      if (next == ',') {
        ++p_;
        continue;
      }
      if (next == '}') return CloseContainer();
      if (next == '\0') return Torn();
      return Syntax("expected ',' or '}'");
    }
  }

  // Calls element(index) for each element of the array at the cursor.
  template <typename F>
  bool Array(const FieldName& field, F&& element) {
    if (!OpenContainer('[', field, "an array")) return false;
    if (at_null_) return true;
    if (Peek() == ']') return CloseContainer();
    for (size_t i = 0;; ++i) {
      if (!element(i)) return false;
      const char next = Peek();
      if (next == ',') {
        ++p_;
        continue;
      }
      if (next == ']') return CloseContainer();
      if (next == '\0') return Torn();
      return Syntax("expected ',' or ']'");
    }
  }

 private:
  // Hot loops work on a local copy of p_: stores to the member would be
  // reloaded after every char read (a char may alias anything).
  void SkipSpace() {
    const char* p = p_;
    while (p < end_ && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')) {
      ++p;
    }
    p_ = p;
  }
  template <size_t N>
  bool Literal(const char (&word)[N]);
  // At the opening quote. Plain strings (the common case) are views into
  // the text.
  [[gnu::always_inline]] bool String(std::string_view* out) {
    const char* start = ++p_;
    const char* p = FindStringStop(start, end_);
    if (p < end_ && *p == '"') {
      *out = std::string_view(start, size_t(p - start));
      p_ = p + 1;
      return true;
    }
    return Unescape(start, out);
  }
  bool Unescape(const char* start, std::string_view* out);
  bool SkipString();
  bool NumberToken(std::string_view* out);
  template <typename Int>
  bool Integer(const FieldName& field, Int* out);
  bool StringFieldSlow(const FieldName& field, std::string_view* out);
  [[gnu::always_inline]] bool MemberName(std::string_view* name) {
    SkipSpace();
    if (p_ == end_) return Torn();
    if (*p_ != '"') return Syntax("expected a member name");
    if (!String(name)) return false;
    if (p_ < end_ && *p_ == ':') {
      ++p_;
      return true;
    }
    return Colon();
  }
  bool Colon();  // spaces, then ':'

  // `open` or null (at_null_); anything else is the field's error.
  bool OpenContainer(char open, const FieldName& field,
                     std::string_view expected);
  bool SkipContainer(char close);
  bool CloseContainer() {
    ++p_;
    --depth_;
    return true;
  }
  bool Wrong(const FieldName& field, std::string_view expected);

  const char* begin_;
  const char* p_;
  const char* end_;
  StringStore& store_;
  Options options_;
  ScanError error_;
  int depth_ = 0;
  bool at_null_ = false;
};

}  // namespace arbiter::records::internal

#endif  // ARBITER_RECORDS_INTERNAL_JSON_CURSOR_H_
