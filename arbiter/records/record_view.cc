#include "arbiter/records/record_view.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cstring>

namespace arbiter::records {
namespace {

using Error = std::unexpected<ScanError>;

// Characters that end a run of plain text inside a value being skipped.
constexpr std::array<bool, 256> kSpecial = [] {
  std::array<bool, 256> t{};
  for (unsigned char c : {'"', '\\', '[', ']', '{', '}'}) t[c] = true;
  return t;
}();

constexpr std::array<bool, 256> kStringStop = [] {
  std::array<bool, 256> t{};
  t['"'] = t['\\'] = true;
  return t;
}();

// The first '"' or '\\' in [p, end), or end: eight bytes at a time (SWAR:
// the lowest byte flagged by the zero-byte test is exact).
[[gnu::always_inline]] inline const char* FindQuoteOrBackslash(
    const char* p, const char* end) {
  constexpr uint64_t kOnes = 0x0101010101010101ULL;
  constexpr uint64_t kHigh = 0x8080808080808080ULL;
  while (end - p >= 8) {
    uint64_t v;
    std::memcpy(&v, p, 8);
    const uint64_t q = v ^ (kOnes * '"');
    const uint64_t b = v ^ (kOnes * '\\');
    const uint64_t hit =
        ((q - kOnes) & ~q & kHigh) | ((b - kOnes) & ~b & kHigh);
    if (hit != 0) return p + std::countr_zero(hit) / 8;
    p += 8;
  }
  while (p < end && *p != '"' && *p != '\\') ++p;
  return p;
}

// The keys a summary reads, in either spelling.
enum class Key {
  kOther,
  kGameId,
  kGame,
  kTournamentId,
  kDuplicateGroup,
  kRound,
  kNumPlayers,
  kSeed,
  kFirstDealer,
  kFirstMover,
  kSeats,
  kResult,
  kSteps,
  // seats[]
  kSeat,
  kBotName,
  kBotVersion,
  kTeam,
  // result
  kPlaces,
  kScores,
  kFaults,
  kReason,
  // steps[]
  kDecisionUs,
  kStrike,
  kRequestId,
};

template <size_t N>
bool Is(std::string_view s, const char (&literal)[N]) {
  // A constant length: the comparison is inlined.
  return std::memcmp(s.data(), literal, N - 1) == 0;
}

// By length, then by text: called for every member of every record.
Key Classify(std::string_view name) {
  switch (name.size()) {
    case 4:
      if (Is(name, "game")) return Key::kGame;
      if (Is(name, "seed")) return Key::kSeed;
      if (Is(name, "seat")) return Key::kSeat;
      if (Is(name, "team")) return Key::kTeam;
      break;
    case 5:
      if (Is(name, "round")) return Key::kRound;
      if (Is(name, "seats")) return Key::kSeats;
      if (Is(name, "steps")) return Key::kSteps;
      break;
    case 6:
      if (Is(name, "result")) return Key::kResult;
      if (Is(name, "gameId")) return Key::kGameId;
      if (Is(name, "places")) return Key::kPlaces;
      if (Is(name, "scores")) return Key::kScores;
      if (Is(name, "faults")) return Key::kFaults;
      if (Is(name, "reason")) return Key::kReason;
      if (Is(name, "strike")) return Key::kStrike;
      break;
    case 7:
      if (Is(name, "game_id")) return Key::kGameId;
      if (Is(name, "botName")) return Key::kBotName;
      break;
    case 8:
      if (Is(name, "bot_name")) return Key::kBotName;
      break;
    case 9:
      if (Is(name, "requestId")) return Key::kRequestId;
      break;
    case 10:
      if (Is(name, "numPlayers")) return Key::kNumPlayers;
      if (Is(name, "firstMover")) return Key::kFirstMover;
      if (Is(name, "botVersion")) return Key::kBotVersion;
      if (Is(name, "decisionUs")) return Key::kDecisionUs;
      if (Is(name, "request_id")) return Key::kRequestId;
      break;
    case 11:
      if (Is(name, "num_players")) return Key::kNumPlayers;
      if (Is(name, "firstDealer")) return Key::kFirstDealer;
      if (Is(name, "first_mover")) return Key::kFirstMover;
      if (Is(name, "bot_version")) return Key::kBotVersion;
      if (Is(name, "decision_us")) return Key::kDecisionUs;
      break;
    case 12:
      if (Is(name, "first_dealer")) return Key::kFirstDealer;
      if (Is(name, "tournamentId")) return Key::kTournamentId;
      break;
    case 13:
      if (Is(name, "tournament_id")) return Key::kTournamentId;
      break;
    case 14:
      if (Is(name, "duplicateGroup")) return Key::kDuplicateGroup;
      break;
    case 15:
      if (Is(name, "duplicate_group")) return Key::kDuplicateGroup;
      break;
  }
  return Key::kOther;
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

// A field's name for messages, formatted only when one is needed:
// "seats", or "seats[2].team".
struct FieldName {
  FieldName(const char* name) : prefix(name) {}  // NOLINT: implicit
  FieldName(std::string_view p, size_t i, std::string_view s = {})
      : prefix(p), index(int64_t(i)), suffix(s) {}
  std::string ToString() const {
    if (index < 0) return std::string(prefix);
    return suffix.empty() ? fmt::format("{}[{}]", prefix, index)
                          : fmt::format("{}[{}].{}", prefix, index, suffix);
  }
  std::string_view prefix;
  int64_t index = -1;
  std::string_view suffix;
};

}  // namespace

// A position in one record's text. Every method returns false once the scan
// has failed; error() then says why.
class Cursor {
 public:
  Cursor(std::string_view text, RecordScanner& scanner)
      : begin_(text.data()),
        p_(text.data()),
        end_(text.data() + text.size()),
        scanner_(scanner) {}

  const ScanError& error() const { return error_; }

  bool Torn() {
    error_ = {Problem::Kind::kTorn,
              "the record ends early (a write cut short)"};
    return false;
  }
  bool Syntax(std::string_view what) {
    error_ = {
        Problem::Kind::kMalformed,
        fmt::format("invalid JSON at column {}: {}", p_ - begin_ + 1, what)};
    return false;
  }
  bool Field(const FieldName& field, std::string_view what) {
    error_ = {Problem::Kind::kMalformed,
              fmt::format("{}: {}", field.ToString(), what)};
    return false;
  }

  // Hot loops work on a local copy of p_: stores to the member would be
  // reloaded after every char read (a char may alias anything).
  void SkipSpace() {
    const char* p = p_;
    while (p < end_ && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')) {
      ++p;
    }
    p_ = p;
  }

  // The next non-space character, without taking it; 0 at the end.
  char Peek() {
    SkipSpace();
    return p_ < end_ ? *p_ : '\0';
  }

  bool Take(char c, std::string_view what) {
    SkipSpace();
    if (p_ == end_) return Torn();
    if (*p_ != c) return Syntax(what);
    ++p_;
    return true;
  }

  bool AtEndAfterValue() {
    SkipSpace();
    if (p_ != end_) return Syntax("text after the record");
    return true;
  }

  // A string (the opening quote is next); escapes are decoded into the
  // scanner's storage.
  bool String(std::string_view* out) {
    if (!Take('"', "expected a string")) return false;
    const char* start = p_;
    p_ = FindQuoteOrBackslash(p_, end_);
    if (p_ == end_) return Torn();
    if (*p_ == '"') {
      *out = std::string_view(start, p_ - start);
      ++p_;
      return true;
    }
    std::string text(start, p_ - start);
    while (true) {
      if (p_ == end_) return Torn();
      const char c = *p_++;
      if (c == '"') break;
      if (c != '\\') {
        text.push_back(c);
        continue;
      }
      if (p_ == end_) return Torn();
      const char e = *p_++;
      switch (e) {
        case '"':
          text.push_back('"');
          break;
        case '\\':
          text.push_back('\\');
          break;
        case '/':
          text.push_back('/');
          break;
        case 'b':
          text.push_back('\b');
          break;
        case 'f':
          text.push_back('\f');
          break;
        case 'n':
          text.push_back('\n');
          break;
        case 'r':
          text.push_back('\r');
          break;
        case 't':
          text.push_back('\t');
          break;
        case 'u': {
          uint32_t c1 = 0;
          if (!Hex4(&c1)) return false;
          if (c1 >= 0xD800 && c1 < 0xDC00 && end_ - p_ >= 2 && p_[0] == '\\' &&
              p_[1] == 'u') {
            p_ += 2;
            uint32_t c2 = 0;
            if (!Hex4(&c2)) return false;
            if (c2 >= 0xDC00 && c2 < 0xE000) {
              c1 = 0x10000 + ((c1 - 0xD800) << 10) + (c2 - 0xDC00);
            } else {
              AppendUtf8(c1, text);
              c1 = c2;
            }
          }
          AppendUtf8(c1, text);
          break;
        }
        default:
          --p_;
          return Syntax("bad escape in a string");
      }
    }
    *out = scanner_.Keep(std::move(text));
    return true;
  }

  bool Hex4(uint32_t* out) {
    if (end_ - p_ < 4) return Torn();
    uint32_t v = 0;
    const auto [end, ec] = std::from_chars(p_, p_ + 4, v, 16);
    if (ec != std::errc() || end != p_ + 4) return Syntax("bad \\u escape");
    p_ += 4;
    *out = v;
    return true;
  }

  // A number's text, or a string's content, or "" for null.
  bool NumberText(const FieldName& field, std::string_view* out) {
    const char c = Peek();
    if (c == '\0') return Torn();
    if (c == '"') return String(out);
    if (c == 'n') {
      if (!Literal("null")) return false;
      *out = {};
      return true;
    }
    const char* start = p_;
    const char* q = p_;
    while (q < end_ && ((*q >= '0' && *q <= '9') || *q == '-' || *q == '+' ||
                        *q == '.' || *q == 'e' || *q == 'E')) {
      ++q;
    }
    p_ = q;
    if (p_ == end_) return Torn();
    if (p_ == start) {
      std::string_view got;
      SkipValueText(&got);
      return Field(field, fmt::format("expected an integer, got {}", got));
    }
    *out = std::string_view(start, p_ - start);
    return true;
  }

  template <typename Int>
  bool Integer(const FieldName& field, Int* out) {
    std::string_view text;
    if (!NumberText(field, &text)) return false;
    if (text.empty()) {
      *out = 0;
      return true;
    }
    Int v = 0;
    const auto [end, ec] =
        std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec == std::errc() && end == text.data() + text.size()) {
      *out = v;
      return true;
    }
    // 1.0 and 1e2 are integers too.
    double d = 0;
    const auto [dend, dec] =
        std::from_chars(text.data(), text.data() + text.size(), d);
    if (dec == std::errc() && dend == text.data() + text.size() &&
        d == double(Int(d))) {
      *out = Int(d);
      return true;
    }
    return Field(field, fmt::format("expected an integer, got \"{}\"", text));
  }

  bool Bool(const FieldName& field, bool* out) {
    const char c = Peek();
    if (c == 't') {
      *out = true;
      return Literal("true");
    }
    if (c == 'f') {
      *out = false;
      return Literal("false");
    }
    if (c == 'n') {
      *out = false;
      return Literal("null");
    }
    if (c == '\0') return Torn();
    std::string_view got;
    SkipValueText(&got);
    return Field(field, fmt::format("expected true or false, got {}", got));
  }

  bool Literal(std::string_view word) {
    SkipSpace();
    const size_t left = size_t(end_ - p_);
    if (left < word.size()) {
      if (std::string_view(p_, left) == word.substr(0, left)) return Torn();
      return Syntax("unknown literal");
    }
    if (std::string_view(p_, word.size()) != word) {
      return Syntax("unknown literal");
    }
    p_ += word.size();
    return true;
  }

  // A member's name and its colon. Names hold no escapes in practice: the
  // plain ones are classified in place.
  [[gnu::always_inline]] bool MemberName(Key* key) {
    SkipSpace();
    if (p_ == end_) return Torn();
    if (*p_ != '"') return Syntax("expected a member name");
    const char* start = p_ + 1;
    const char* q = FindQuoteOrBackslash(start, end_);
    std::string_view name;
    if (q < end_ && *q == '"') {
      name = std::string_view(start, size_t(q - start));
      p_ = q + 1;
    } else if (!String(&name)) {
      return false;
    }
    *key = Classify(name);
    if (p_ < end_ && *p_ == ':') {
      ++p_;
      return true;
    }
    return Take(':', "expected ':'");
  }

  // A string field: a string or null.
  bool StringField(const FieldName& field, std::string_view* out) {
    const char c = Peek();
    if (c == 'n') {
      *out = {};
      return Literal("null");
    }
    if (c != '"') {
      if (c == '\0') return Torn();
      std::string_view got;
      SkipValueText(&got);
      return Field(field, fmt::format("expected a string, got {}", got));
    }
    return String(out);
  }

  // Skips any value without building it: strings, numbers, literals,
  // arrays and objects (brackets balanced, their kinds not matched).
  bool SkipValue() {
    SkipSpace();
    if (p_ == end_) return Torn();
    const char c = *p_;
    if (c == '"') return SkipString();
    if (c != '{' && c != '[') {
      const char* start = p_;
      while (p_ < end_ && *p_ != ',' && *p_ != '}' && *p_ != ']' &&
             *p_ != ' ' && *p_ != '\n' && *p_ != '\r' && *p_ != '\t') {
        ++p_;
      }
      if (p_ == end_) return Torn();
      if (p_ == start) return Syntax("expected a value");
      return true;
    }
    int depth = 0;
    const char* p = p_;
    while (p < end_) {
      while (p < end_ && !kSpecial[static_cast<unsigned char>(*p)]) ++p;
      if (p == end_) break;
      switch (*p) {
        case '"':
          p = SkipStringAt(p);
          if (p == nullptr) return Torn();
          continue;
        case '{':
        case '[':
          ++depth;
          break;
        case '}':
        case ']':
          if (--depth == 0) {
            p_ = p + 1;
            return true;
          }
          break;
        default:  // a backslash outside a string
          p_ = p;
          return Syntax("unexpected backslash");
      }
      ++p;
    }
    p_ = end_;
    return Torn();
  }

  bool SkipString() {
    const char* p = SkipStringAt(p_);
    if (p == nullptr) {
      p_ = end_;
      return Torn();
    }
    p_ = p;
    return true;
  }

  // Past the string opening at `p`; null when the text ends first.
  const char* SkipStringAt(const char* p) const {
    ++p;  // the opening quote
    while (p < end_) {
      p = FindQuoteOrBackslash(p, end_);
      if (p == end_) break;
      if (*p == '"') return p + 1;
      if (end_ - p < 2) break;
      p += 2;  // an escape
    }
    return nullptr;
  }

  // The text of the value at the cursor, for messages (skipped).
  void SkipValueText(std::string_view* out) {
    const char* start = p_;
    SkipValue();
    const size_t n = std::min<size_t>(size_t(p_ - start), 40);
    *out = std::string_view(start, n);
  }

  // Calls member(key) for each member of the object at the cursor; member
  // returns false to stop.
  template <typename F>
  bool Object(const FieldName& field, F&& member) {
    const char c = Peek();
    if (c == 'n') return Literal("null");
    if (c != '{') {
      if (c == '\0') return Torn();
      std::string_view got;
      SkipValueText(&got);
      return Field(field, fmt::format("expected an object, got {}", got));
    }
    ++p_;
    if (Peek() == '}') {
      ++p_;
      return true;
    }
    while (true) {
      Key key = Key::kOther;
      if (!MemberName(&key)) return false;
      if (!member(key)) return false;
      const char next = Peek();
      if (next == ',') {
        ++p_;
        continue;
      }
      if (next == '}') {
        ++p_;
        return true;
      }
      if (next == '\0') return Torn();
      return Syntax("expected ',' or '}'");
    }
  }

  // Calls element(index) for each element of the array at the cursor.
  template <typename F>
  bool Array(const FieldName& field, F&& element) {
    const char c = Peek();
    if (c == 'n') return Literal("null");
    if (c != '[') {
      if (c == '\0') return Torn();
      std::string_view got;
      SkipValueText(&got);
      return Field(field, fmt::format("expected an array, got {}", got));
    }
    ++p_;
    if (Peek() == ']') {
      ++p_;
      return true;
    }
    for (size_t i = 0;; ++i) {
      if (!element(i)) return false;
      const char next = Peek();
      if (next == ',') {
        ++p_;
        continue;
      }
      if (next == ']') {
        ++p_;
        return true;
      }
      if (next == '\0') return Torn();
      return Syntax("expected ',' or ']'");
    }
  }

 private:
  const char* begin_;
  const char* p_;
  const char* end_;
  RecordScanner& scanner_;
  ScanError error_;
};

std::string_view RecordScanner::Keep(std::string text) {
  if (used_ == strings_.size()) strings_.emplace_back();
  strings_[used_] = std::move(text);
  return strings_[used_++];
}

namespace {

bool ReadSeat(Cursor& c, size_t i, SeatView* seat) {
  return c.Object({"seats", i}, [&](Key key) {
    switch (key) {
      case Key::kSeat: {
        int64_t v = 0;
        if (!c.Integer({"seats", i, "seat"}, &v)) return false;
        seat->seat = v;
        return true;
      }
      case Key::kBotName:
        return c.StringField({"seats", i, "bot_name"}, &seat->bot_name);
      case Key::kBotVersion:
        return c.StringField({"seats", i, "bot_version"}, &seat->bot_version);
      case Key::kTeam:
        return c.Integer({"seats", i, "team"}, &seat->team);
      default:
        return c.SkipValue();
    }
  });
}

bool ReadIntegers(Cursor& c, const char* field, std::vector<int64_t>* out) {
  return c.Array(field, [&](size_t i) {
    int64_t v = 0;
    if (!c.Integer({field, i}, &v)) return false;
    out->push_back(v);
    return true;
  });
}

bool ReadFault(Cursor& c, size_t i, FaultView* fault) {
  return c.Object({"result.faults", i}, [&](Key key) {
    switch (key) {
      case Key::kSeat:
        return c.Integer({"result.faults", i, "seat"}, &fault->seat);
      case Key::kReason:  // an enum: its name, or its number
        return c.NumberText({"result.faults", i, "reason"}, &fault->reason);
      default:
        return c.SkipValue();
    }
  });
}

bool ReadResult(Cursor& c, RecordView* view) {
  return c.Object("result", [&](Key key) {
    switch (key) {
      case Key::kPlaces:
        return ReadIntegers(c, "result.places", &view->places);
      case Key::kScores:
        return ReadIntegers(c, "result.scores", &view->scores);
      case Key::kFaults:
        return c.Array("result.faults", [&](size_t i) {
          view->faults.emplace_back();
          return ReadFault(c, i, &view->faults.back());
        });
      default:
        return c.SkipValue();
    }
  });
}

bool ReadStep(Cursor& c, size_t i, StepView* step) {
  return c.Object({"steps", i}, [&](Key key) {
    switch (key) {
      case Key::kSeat:
        return c.Integer({"steps", i, "seat"}, &step->seat);
      case Key::kDecisionUs:
        return c.Integer({"steps", i, "decision_us"}, &step->decision_us);
      case Key::kStrike:
        return c.Bool({"steps", i, "strike"}, &step->strike);
      case Key::kRequestId:
        return c.Integer({"steps", i, "request_id"}, &step->request_id);
      default:
        return c.SkipValue();
    }
  });
}

void Clear(RecordView* view) {
  view->game_id = view->game = view->tournament_id = view->duplicate_group = {};
  view->round = view->num_players = view->first_dealer = 0;
  view->seed = 0;
  view->first_mover.reset();
  view->seats.clear();
  view->places.clear();
  view->scores.clear();
  view->faults.clear();
  view->steps.clear();
}

}  // namespace

std::expected<void, ScanError> RecordScanner::Scan(std::string_view line,
                                                   RecordView* view) {
  used_ = 0;
  Clear(view);
  Cursor c(line, *this);
  if (c.Peek() != '{') {
    if (c.Peek() == '\0')
      return Error(ScanError{Problem::Kind::kTorn, "empty"});
    c.Syntax("not a JSON object");
    return Error(c.error());
  }
  const bool ok = c.Object("record", [&](Key key) {
    switch (key) {
      case Key::kGameId:
        return c.StringField("game_id", &view->game_id);
      case Key::kGame:
        return c.StringField("game", &view->game);
      case Key::kTournamentId:
        return c.StringField("tournament_id", &view->tournament_id);
      case Key::kDuplicateGroup:
        return c.StringField("duplicate_group", &view->duplicate_group);
      case Key::kRound:
        return c.Integer("round", &view->round);
      case Key::kNumPlayers:
        return c.Integer("num_players", &view->num_players);
      case Key::kSeed:
        return c.Integer("seed", &view->seed);
      case Key::kFirstDealer:
        return c.Integer("first_dealer", &view->first_dealer);
      case Key::kFirstMover: {
        int64_t v = 0;
        if (!c.Integer("first_mover", &v)) return false;
        view->first_mover = v;
        return true;
      }
      case Key::kSeats:
        return c.Array("seats", [&](size_t i) {
          view->seats.emplace_back();
          return ReadSeat(c, i, &view->seats.back());
        });
      case Key::kResult:
        return ReadResult(c, view);
      case Key::kSteps:
        if (!options_.steps) return c.SkipValue();
        return c.Array("steps", [&](size_t i) {
          view->steps.emplace_back();
          return ReadStep(c, i, &view->steps.back());
        });
      default:
        return c.SkipValue();
    }
  });
  if (!ok || !c.AtEndAfterValue()) return Error(c.error());
  return {};
}

std::expected<std::string_view, ScanError> RecordScanner::GameId(
    std::string_view line) {
  used_ = 0;
  Cursor c(line, *this);
  if (c.Peek() != '{') {
    if (c.Peek() == '\0')
      return Error(ScanError{Problem::Kind::kTorn, "empty"});
    c.Syntax("not a JSON object");
    return Error(c.error());
  }
  std::string_view id;
  const bool ok = c.Object("record", [&](Key key) {
    if (key == Key::kGameId) return c.StringField("game_id", &id);
    return c.SkipValue();
  });
  if (!ok || !c.AtEndAfterValue()) return Error(c.error());
  if (id.empty())
    return Error(ScanError{Problem::Kind::kMalformed, "no game_id"});
  return id;
}

int64_t RecordView::FirstMover() const {
  if (first_mover) return *first_mover;
  const int64_t n = num_players > 0 ? num_players : int64_t(seats.size());
  if (n <= 0) return 0;
  return ((first_dealer + 1) % n + n) % n;
}

std::vector<int> RecordView::Teams() const {
  std::vector<int> teams;
  teams.reserve(seats.size());
  const bool shared =
      std::all_of(seats.begin(), seats.end(),
                  [&](const SeatView& s) { return s.team == seats[0].team; });
  for (size_t i = 0; i < seats.size(); ++i) {
    teams.push_back(shared ? int(i) : int(seats[i].team));
  }
  return teams;
}

std::expected<RecordSummary, std::string> RecordSummary::Of(
    const RecordView& view) {
  RecordSummary out;
  if (view.game_id.empty()) return std::unexpected("no game_id");
  out.game_id = view.game_id;
  out.duplicate_group = view.duplicate_group;
  out.round = int(view.round);
  out.seed = view.seed;
  for (const SeatView& seat : view.seats) out.bots.emplace_back(seat.bot_name);
  out.teams = view.Teams();
  for (int64_t place : view.places) out.places.push_back(int(place));
  if (!out.places.empty() && out.places.size() != out.bots.size()) {
    return std::unexpected(fmt::format("result.places: {} places for {} seats",
                                       out.places.size(), out.bots.size()));
  }
  for (size_t i = 0; i < view.faults.size(); ++i) {
    const int64_t seat = view.faults[i].seat;
    if (seat < 0 || seat >= int64_t(out.bots.size())) {
      return std::unexpected(
          fmt::format("result.faults[{}].seat: {} is not a seat", i, seat));
    }
    out.fault_seats.push_back(int(seat));
    out.fault_reasons.push_back(FaultReasonName(view.faults[i].reason));
    const std::string_view reason = view.faults[i].reason;
    out.fault_startup.push_back(reason == "FAULT_REASON_STARTUP" ||
                                reason == "6");
  }
  out.faults = int(out.fault_seats.size());
  return out;
}

std::string FaultReasonName(std::string_view reason) {
  static const char* const kNames[] = {
      "unspecified", "timeout", "illegal action", "malformed message", "crash",
      "disconnect",  "startup", "memory limit",   "process limit"};
  if (!reason.empty() && std::all_of(reason.begin(), reason.end(), [](char c) {
        return c >= '0' && c <= '9';
      })) {
    const size_t n = std::stoul(std::string(reason));
    return n < std::size(kNames) ? kNames[n] : "reason " + std::string(reason);
  }
  std::string name(reason);
  constexpr std::string_view kPrefix = "FAULT_REASON_";
  if (name.starts_with(kPrefix)) name = name.substr(kPrefix.size());
  for (char& c : name) c = c == '_' ? ' ' : char(std::tolower(c));
  return name.empty() ? "unspecified" : name;
}

std::expected<RecordSummary, ScanError> SummarizeRecord(std::string_view line) {
  RecordScanner scanner;
  RecordView view;
  if (auto ok = scanner.Scan(line, &view); !ok) return Error(ok.error());
  auto summary = RecordSummary::Of(view);
  if (!summary)
    return Error(ScanError{Problem::Kind::kMalformed, summary.error()});
  return *summary;
}

}  // namespace arbiter::records
