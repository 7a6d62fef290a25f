#include "arbiter/records/json_parser.h"

#include <cassert>
#include <charconv>
#include <cstdint>
#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "arbiter/records/internal/json_cursor.h"

namespace arbiter::records {
namespace {

using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;
using internal::Cursor;
using internal::StringStore;

// ---------------------------------------------------------------- tables

enum class Kind : uint8_t {
  kInt32,
  kInt64,
  kUint32,
  kUint64,
  kBool,
  kEnum,
  kString,
  kMessage,
  kDeclined,  // any other type: protobuf's parser reads it
};

template <typename T>
inline bool SameAt(const char* a, const char* b) {
  T x, y;
  std::memcpy(&x, a, sizeof x);
  std::memcpy(&y, b, sizeof y);
  return x == y;
}

// a == b, without a call for the short texts of keys and enum names: two
// loads (overlapping) of each, of up to 8 bytes.
inline bool SameText(std::string_view a, std::string_view b) {
  const size_t n = a.size();
  if (n != b.size()) return false;
  const char* p = a.data();
  const char* q = b.data();
  if (n > 16) return std::memcmp(p, q, n) == 0;
  if (n >= 8) {
    return SameAt<uint64_t>(p, q) && SameAt<uint64_t>(p + n - 8, q + n - 8);
  }
  if (n >= 4) {
    return SameAt<uint32_t>(p, q) && SameAt<uint32_t>(p + n - 4, q + n - 4);
  }
  if (n >= 2) {
    return SameAt<uint16_t>(p, q) && SameAt<uint16_t>(p + n - 2, q + n - 2);
  }
  return n == 0 || *p == *q;
}

struct MessageTable;

struct Field {
  const char* name;  // for the cursor's messages (never shown: we decline)
  Kind kind = Kind::kDeclined;
  bool repeated = false;
  bool packed = false;  // a repeated number, bool or enum: one list
  int oneof = -1;       // its oneof's index (a proto3 optional's too)
  uint32_t tag = 0;     // of one value; of the list when packed
  const MessageTable* message = nullptr;                // kMessage
  std::vector<std::pair<std::string, int>> enum_names;  // kEnum

  // The number of an enum value's exact name.
  bool EnumNumber(std::string_view name, int32_t* number) const {
    for (const auto& [n, v] : enum_names) {
      if (SameText(n, name)) {
        *number = v;
        return true;
      }
    }
    return false;
  }
};

struct MessageTable {
  std::vector<Field> fields;
  // Every key protobuf accepts (the proto name, then the JSON name when it
  // differs) with its field's index, in declaration order.
  std::vector<std::pair<std::string, int>> keys;

  // The field of `key`, or -1 for an unknown key. Records list fields in
  // declaration order: the key after the last one found is tried first.
  int Find(std::string_view key, size_t* hint) const {
    if (*hint < keys.size() && SameText(keys[*hint].first, key)) {
      return keys[(*hint)++].second;
    }
    for (size_t k = 0; k < keys.size(); ++k) {
      if (SameText(keys[k].first, key)) {
        *hint = k + 1;
        return keys[k].second;
      }
    }
    return -1;
  }
};

Kind KindOf(const FieldDescriptor* f) {
  switch (f->type()) {
    case FieldDescriptor::TYPE_INT32:
      return Kind::kInt32;
    case FieldDescriptor::TYPE_INT64:
      return Kind::kInt64;
    case FieldDescriptor::TYPE_UINT32:
      return Kind::kUint32;
    case FieldDescriptor::TYPE_UINT64:
      return Kind::kUint64;
    case FieldDescriptor::TYPE_BOOL:
      return Kind::kBool;
    case FieldDescriptor::TYPE_STRING:
      return Kind::kString;
    case FieldDescriptor::TYPE_ENUM:  // NullValue reads null: a special case
      return f->enum_type()->full_name() == "google.protobuf.NullValue"
                 ? Kind::kDeclined
                 : Kind::kEnum;
    case FieldDescriptor::TYPE_MESSAGE:
      return f->is_map() || f->message_type()->well_known_type() !=
                                Descriptor::WELLKNOWNTYPE_UNSPECIFIED
                 ? Kind::kDeclined
                 : Kind::kMessage;
    default:
      return Kind::kDeclined;
  }
}

const MessageTable& TableOf(const Descriptor* d);

Field MakeField(const FieldDescriptor* f) {
  Field field{.name = f->name().c_str(), .kind = KindOf(f)};
  field.repeated = f->is_repeated();
  field.packed = field.repeated && field.kind != Kind::kString &&
                 field.kind != Kind::kMessage;
  const bool length_delimited = field.packed || field.kind == Kind::kString ||
                                field.kind == Kind::kMessage;
  field.tag = uint32_t(f->number()) << 3 | (length_delimited ? 2 : 0);
  if (f->containing_oneof() != nullptr) {
    field.oneof = f->containing_oneof()->index();
    // Oneofs are tracked in 64 bits.
    if (field.oneof >= 64) field.kind = Kind::kDeclined;
  }
  if (field.kind == Kind::kMessage) field.message = &TableOf(f->message_type());
  if (field.kind == Kind::kEnum) {
    for (int k = 0; k < f->enum_type()->value_count(); ++k) {
      const auto* v = f->enum_type()->value(k);
      field.enum_names.emplace_back(v->name(), v->number());
    }
  }
  return field;
}

// Built once per thread and message type, as messages are met.
const MessageTable& TableOf(const Descriptor* d) {
  thread_local std::unordered_map<const Descriptor*,
                                  std::unique_ptr<MessageTable>>
      tables;
  if (auto it = tables.find(d); it != tables.end()) return *it->second;
  // In the map before its fields are made: a message may hold itself.
  MessageTable& t =
      *tables.emplace(d, std::make_unique<MessageTable>()).first->second;
  for (int k = 0; k < d->field_count(); ++k) {
    t.fields.push_back(MakeField(d->field(k)));
    t.keys.emplace_back(d->field(k)->name(), k);
  }
  for (int k = 0; k < d->field_count(); ++k) {
    const FieldDescriptor* f = d->field(k);
    if (f->json_name() != f->name()) t.keys.emplace_back(f->json_name(), k);
  }
  return t;
}

// ------------------------------------------------------------ wire form

class Wire {
 public:
  void Clear() {
    // A huge line's buffer is not kept for the thread's lifetime.
    if (buffer_.size() > (size_t(16) << 20)) std::string().swap(buffer_);
    size_ = 0;
  }
  const char* data() const { return buffer_.data(); }
  size_t size() const { return size_; }
  // Drops what was written after `size` (a skipped member).
  void Truncate(size_t size) {
    assert(size <= size_);
    size_ = size;
  }

  void Varint(uint64_t v) {
    Room(10);
    char* p = buffer_.data() + size_;
    while (v >= 0x80) {
      *p++ = char(v | 0x80);
      v >>= 7;
    }
    *p++ = char(v);
    size_ = size_t(p - buffer_.data());
  }
  void Bytes(std::string_view s) {
    Room(s.size());
    std::memcpy(buffer_.data() + size_, s.data(), s.size());
    size_ += s.size();
  }
  // A length-delimited value: Open() before its content, Close() after,
  // which moves the content when its length needs more than one byte.
  size_t Open() {
    Room(1);
    return size_++;
  }
  void Close(size_t at) {
    const size_t length = size_ - at - 1;
    if (length < 0x80) {
      buffer_[at] = char(length);
      return;
    }
    char varint[10];
    size_t n = 0;
    for (size_t v = length; v != 0; v >>= 7) {
      varint[n++] = char(v >= 0x80 ? (v & 0x7f) | 0x80 : v);
    }
    Room(n - 1);
    char* content = buffer_.data() + at + 1;
    std::memmove(content + n - 1, content, length);
    std::memcpy(buffer_.data() + at, varint, n);
    size_ += n - 1;
  }

 private:
  void Room(size_t n) {
    if (buffer_.size() - size_ < n) {
      buffer_.resize(std::max(buffer_.size() * 2, size_ + n + 4096));
    }
  }
  std::string buffer_;
  size_t size_ = 0;
};

// ---------------------------------------------------------------- reading

// Protobuf reads integers as -?(0|[1-9][0-9]*) in the type's range, and in
// other spellings ("-0" or "007" in a string, 1e2, 1.0) left to it.
template <typename Int>
bool PlainInteger(std::string_view text, Int* out) {
  const char* p = text.data();
  const char* end = p + text.size();
  const char* digits = p + (p < end && *p == '-');
  if (digits == end || (*digits == '0' && (end - digits > 1 || digits > p))) {
    return false;
  }
  const auto [stop, ec] = std::from_chars(p, end, *out);
  return ec == std::errc() && stop == end;
}

// JSON values deeper than this are left to protobuf (its limit: 100
// objects).
constexpr int kMaxDepth = 64;

class Parser {
 public:
  Parser(std::string_view json, StringStore& store, Wire& wire)
      : c_(json, store, {.as_protobuf = true, .max_depth = kMaxDepth}),
        wire_(wire) {}

  // `skip`: the top-level fields (bits by index) read but not written.
  bool Root(const MessageTable& table, uint64_t skip) {
    return c_.Peek() == '{' && Message(table, "", skip) && c_.AtEndAfterValue();
  }

 private:
  bool Message(const MessageTable& t, const char* name, uint64_t skip = 0) {
    uint64_t oneofs = 0;  // the oneofs met
    size_t hint = 0;
    return c_.Object(name, [&](std::string_view key) {
      // Protobuf refuses an empty name (but in unknown fields' values).
      if (key.empty()) return false;
      const int i = t.Find(key, &hint);
      if (i < 0) return c_.SkipValue();  // a newer arbiter's
      const Field& f = t.fields[size_t(i)];
      if (f.kind == Kind::kDeclined) return false;
      if (f.oneof >= 0) {
        // Protobuf refuses a oneof's second member, and null for one.
        const uint64_t bit = uint64_t(1) << f.oneof;
        if ((oneofs & bit) != 0 || c_.Peek() == 'n') return false;
        oneofs |= bit;
      }
      const size_t mark = wire_.size();
      if (!Member(f)) return false;
      // A skipped field is read as if kept (what protobuf refuses there is
      // declined), then dropped.
      if ((skip >> i & 1) != 0) wire_.Truncate(mark);
      return true;
    });
  }

  bool Member(const Field& f) {
    const char c = c_.Peek();
    if (c == 'n') return c_.SkipValue();  // null: the field stays unset
    if (!f.repeated) return Value(f);
    if (c != '[') return false;
    size_t list = 0;
    if (f.packed) {
      wire_.Varint(f.tag);
      list = wire_.Open();
    }
    const bool ok = c_.Array(f.name, [&](size_t) {
      return c_.Peek() != 'n' && (f.packed ? Scalar(f) : Value(f));
    });
    if (f.packed) wire_.Close(list);
    return ok;
  }

  // One value with its tag.
  bool Value(const Field& f) {
    switch (f.kind) {
      case Kind::kString: {
        std::string_view s;
        if (c_.Peek() != '"' || !c_.StringField(f.name, &s)) return false;
        wire_.Varint(f.tag);
        wire_.Varint(s.size());
        wire_.Bytes(s);
        return true;
      }
      case Kind::kMessage: {
        if (c_.Peek() != '{') return false;
        wire_.Varint(f.tag);
        const size_t at = wire_.Open();
        if (!Message(*f.message, f.name)) return false;
        wire_.Close(at);
        return true;
      }
      default:
        wire_.Varint(f.tag);
        return Scalar(f);
    }
  }

  // A number, bool or enum, without a tag.
  bool Scalar(const Field& f) {
    if (f.kind == Kind::kBool) {
      bool b = false;
      const char c = c_.Peek();
      if ((c != 't' && c != 'f') || !c_.Bool(f.name, &b)) return false;
      wire_.Varint(b ? 1 : 0);
      return true;
    }
    int64_t v = 0;
    if (c_.SmallInteger(&v)) return Put(f.kind, v);
    std::string_view text;
    bool quoted = false;
    if (!c_.NumberText(f.name, &text, &quoted)) return false;
    if (f.kind == Kind::kUint64) {
      uint64_t u = 0;
      if (!PlainInteger(text, &u)) return false;
      wire_.Varint(u);
      return true;
    }
    if (f.kind == Kind::kEnum && quoted) {
      // A name (a number in a string is left to protobuf).
      int32_t number = 0;
      if (!f.EnumNumber(text, &number)) return false;
      v = number;
    } else if (!PlainInteger(text, &v)) {
      return false;
    }
    return Put(f.kind, v);
  }

  // `v` if it is in its field's range. An enum takes any int32 number:
  // protobuf keeps numbers without a name.
  bool Put(Kind kind, int64_t v) {
    bool in_range = false;
    switch (kind) {
      case Kind::kInt32:
      case Kind::kEnum:
        in_range = v >= INT32_MIN && v <= INT32_MAX;
        break;
      case Kind::kUint32:
        in_range = v >= 0 && v <= UINT32_MAX;
        break;
      case Kind::kInt64:
        in_range = true;
        break;
      case Kind::kUint64:
        in_range = v >= 0;
        break;
      default:
        break;
    }
    if (in_range) wire_.Varint(uint64_t(v));  // negative: ten bytes
    return in_range;
  }

  Cursor c_;
  Wire& wire_;
};

// Protobuf refuses a text that is not UTF-8 (surrogates, overlong forms and
// code points past U+10FFFF included), wherever it is. Sixteen ASCII bytes
// at a time where SSE2 is.
bool IsUtf8(std::string_view text) {
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const auto* end = p + text.size();
  while (p < end) {
#if defined(__SSE2__)
    if (end - p >= 16 && _mm_movemask_epi8(_mm_loadu_si128(
                             reinterpret_cast<const __m128i*>(p))) == 0) {
      p += 16;
      continue;
    }
#endif
    const unsigned c = *p;
    if (c < 0x80) {
      ++p;
      continue;
    }
    // The sequence's length and the range of its second byte (RFC 3629).
    size_t n = 0;
    unsigned lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
      n = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
      n = 3;
      if (c == 0xE0) lo = 0xA0;
      if (c == 0xED) hi = 0x9F;  // no surrogates
    } else if (c >= 0xF0 && c <= 0xF4) {
      n = 4;
      if (c == 0xF0) lo = 0x90;
      if (c == 0xF4) hi = 0x8F;
    } else {
      return false;
    }
    if (size_t(end - p) < n || p[1] < lo || p[1] > hi) return false;
    for (size_t k = 2; k < n; ++k) {
      if ((p[k] & 0xC0) != 0x80) return false;
    }
    p += n;
  }
  return true;
}

}  // namespace

bool ParseJsonFast(std::string_view json, google::protobuf::Message* message,
                   std::span<const FieldDescriptor* const> skip) {
  uint64_t skip_bits = 0;
  for (const FieldDescriptor* f : skip) {
    assert(f->containing_type() == message->GetDescriptor());
    if (f->index() >= 64) return false;  // tracked in 64 bits
    skip_bits |= uint64_t(1) << f->index();
  }
  if (!IsUtf8(json)) return false;
  thread_local StringStore strings;
  thread_local Wire wire;
  strings.Clear();
  wire.Clear();
  Parser parser(json, strings, wire);
  if (!parser.Root(TableOf(message->GetDescriptor()), skip_bits) ||
      wire.size() > size_t(INT32_MAX)) {
    return false;
  }
  return message->ParseFromArray(wire.data(), int(wire.size()));
}

}  // namespace arbiter::records
