#include "arbiter/records/json_printer.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <unordered_map>
#include <vector>

namespace arbiter::records {
namespace {

using google::protobuf::Descriptor;
using google::protobuf::EnumValueDescriptor;
using google::protobuf::FieldDescriptor;
using google::protobuf::Message;
using google::protobuf::Reflection;

// How protobuf's printer writes each ASCII character in a string: "" as
// it is, else its escape. Other bytes (UTF-8 beyond ASCII) make the printer
// decline: protobuf escapes some code points there.
const std::array<std::string, 128> kEscapes = [] {
  std::array<std::string, 128> escapes;
  for (int c = 0; c < 128; ++c) {
    if (c < 0x20 || c == '<' || c == '>' || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      escapes[c] = buf;
    }
  }
  escapes['"'] = "\\\"";
  escapes['\\'] = "\\\\";
  escapes['\b'] = "\\b";
  escapes['\t'] = "\\t";
  escapes['\n'] = "\\n";
  escapes['\f'] = "\\f";
  escapes['\r'] = "\\r";
  return escapes;
}();

bool AppendString(const std::string& s, std::string* out) {
  out->push_back('"');
  size_t plain = 0;  // start of the characters not yet appended
  for (size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = s[i];
    if (c >= 0x80) return false;
    const std::string& escape = kEscapes[c];
    if (escape.empty()) continue;
    out->append(s, plain, i - plain);
    out->append(escape);
    plain = i + 1;
  }
  out->append(s, plain, s.size() - plain);
  out->push_back('"');
  return true;
}

template <typename T>
void AppendNumber(T value, std::string* out, bool quoted = false) {
  char buf[24];
  const auto end = std::to_chars(buf, buf + sizeof buf, value).ptr;
  if (quoted) out->push_back('"');
  out->append(buf, end);
  if (quoted) out->push_back('"');
}

bool AppendMessage(const Message& m, std::string* out);

// One value of `f` (element `i` of a repeated field, or -1).
bool AppendValue(const Message& m, const Reflection& r,
                 const FieldDescriptor* f, int i, std::string* out) {
  const bool rep = i >= 0;
  switch (f->cpp_type()) {
    case FieldDescriptor::CPPTYPE_INT32:
      AppendNumber(rep ? r.GetRepeatedInt32(m, f, i) : r.GetInt32(m, f), out);
      return true;
    case FieldDescriptor::CPPTYPE_UINT32:
      AppendNumber(rep ? r.GetRepeatedUInt32(m, f, i) : r.GetUInt32(m, f), out);
      return true;
    case FieldDescriptor::CPPTYPE_INT64:
      AppendNumber(rep ? r.GetRepeatedInt64(m, f, i) : r.GetInt64(m, f), out,
                   /*quoted=*/true);
      return true;
    case FieldDescriptor::CPPTYPE_UINT64:
      AppendNumber(rep ? r.GetRepeatedUInt64(m, f, i) : r.GetUInt64(m, f), out,
                   /*quoted=*/true);
      return true;
    case FieldDescriptor::CPPTYPE_BOOL:
      out->append((rep ? r.GetRepeatedBool(m, f, i) : r.GetBool(m, f))
                      ? "true"
                      : "false");
      return true;
    case FieldDescriptor::CPPTYPE_ENUM: {
      const int number =
          rep ? r.GetRepeatedEnumValue(m, f, i) : r.GetEnumValue(m, f);
      const EnumValueDescriptor* v = f->enum_type()->FindValueByNumber(number);
      if (v == nullptr) return false;
      return AppendString(v->name(), out);
    }
    case FieldDescriptor::CPPTYPE_STRING: {
      if (f->type() == FieldDescriptor::TYPE_BYTES) return false;
      std::string scratch;
      const std::string& s =
          rep ? r.GetRepeatedStringReference(m, f, i, &scratch)
              : r.GetStringReference(m, f, &scratch);
      return AppendString(s, out);
    }
    case FieldDescriptor::CPPTYPE_MESSAGE:
      return AppendMessage(
          rep ? r.GetRepeatedMessage(m, f, i) : r.GetMessage(m, f), out);
    default:  // floating point
      return false;
  }
}

// Protobuf's order: the fields as declared, except scalar members of a
// oneof (proto3 optional fields included), which come last, by number,
// when set. (Message members of a oneof keep their place.)
struct FieldOrder {
  std::vector<const FieldDescriptor*> declared;  // printed as declared
  std::vector<const FieldDescriptor*> last;      // scalar oneof members
};

const FieldOrder& OrderOf(const Descriptor* d) {
  thread_local std::unordered_map<const Descriptor*, FieldOrder> orders;
  auto [it, fresh] = orders.try_emplace(d);
  if (fresh) {
    for (int k = 0; k < d->field_count(); ++k) {
      const FieldDescriptor* f = d->field(k);
      const bool scalar_member =
          f->containing_oneof() != nullptr &&
          f->cpp_type() != FieldDescriptor::CPPTYPE_MESSAGE;
      (scalar_member ? it->second.last : it->second.declared).push_back(f);
    }
    std::sort(it->second.last.begin(), it->second.last.end(),
              [](const FieldDescriptor* a, const FieldDescriptor* b) {
                return a->number() < b->number();
              });
  }
  return it->second;
}

bool AppendField(const Message& m, const Reflection& r,
                 const FieldDescriptor* f, bool* first, std::string* out) {
  if (f->is_map()) return false;
  if (!f->is_repeated() &&
      (f->has_presence() || f->containing_oneof() != nullptr) &&
      !r.HasField(m, f)) {
    return true;  // messages and oneof members are printed when set
  }
  if (!*first) out->push_back(',');
  *first = false;
  out->push_back('"');
  out->append(f->name());
  out->append("\":");
  if (!f->is_repeated()) return AppendValue(m, r, f, -1, out);
  out->push_back('[');
  const int n = r.FieldSize(m, f);
  for (int i = 0; i < n; ++i) {
    if (i > 0) out->push_back(',');
    if (!AppendValue(m, r, f, i, out)) return false;
  }
  out->push_back(']');
  return true;
}

bool AppendMessage(const Message& m, std::string* out) {
  const Descriptor* d = m.GetDescriptor();
  if (d->well_known_type() != Descriptor::WELLKNOWNTYPE_UNSPECIFIED) {
    return false;
  }
  const Reflection& r = *m.GetReflection();
  const FieldOrder& order = OrderOf(d);
  out->push_back('{');
  bool first = true;
  for (const FieldDescriptor* f : order.declared) {
    if (!AppendField(m, r, f, &first, out)) return false;
  }
  for (const FieldDescriptor* f : order.last) {
    if (!AppendField(m, r, f, &first, out)) return false;
  }
  out->push_back('}');
  return true;
}

}  // namespace

bool PrintJsonFast(const Message& message, std::string* out) {
  return AppendMessage(message, out);
}

}  // namespace arbiter::records
