#include "arbiter/games/qa/checks.h"

#include <fmt/format.h>
#include <google/protobuf/descriptor.h>
#include <google/protobuf/util/message_differencer.h>

#include <algorithm>
#include <map>

namespace game::qa {
namespace {

using google::protobuf::FieldDescriptor;
using google::protobuf::Message;

uint64_t NextRandom(uint64_t& x) {  // SplitMix64
  uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

void CollectCards(const Message& m, std::vector<std::string>* out) {
  const auto* reflection = m.GetReflection();
  std::vector<const FieldDescriptor*> fields;
  reflection->ListFields(m, &fields);
  for (const FieldDescriptor* f : fields) {
    if (f->type() == FieldDescriptor::TYPE_STRING) {
      const int n = f->is_repeated() ? reflection->FieldSize(m, f) : 1;
      for (int i = 0; i < n; ++i) {
        const std::string s = f->is_repeated()
                                  ? reflection->GetRepeatedString(m, f, i)
                                  : reflection->GetString(m, f);
        for (auto& c : CardsInText(s)) out->push_back(std::move(c));
      }
    } else if (f->type() == FieldDescriptor::TYPE_MESSAGE) {
      if (f->is_repeated()) {
        for (int i = 0; i < reflection->FieldSize(m, f); ++i) {
          CollectCards(reflection->GetRepeatedMessage(m, f, i), out);
        }
      } else {
        CollectCards(reflection->GetMessage(m, f), out);
      }
    }
  }
}

// VisibleTo's seat for the cards every seat sees.
constexpr int kEveryone = -1;

// Names the first card of `cards` that `visible` does not hold.
std::string Leak(const std::vector<std::string>& cards,
                 const std::set<std::string>& visible, int seat,
                 std::string_view what) {
  for (const auto& c : cards) {
    if (!visible.contains(c)) {
      return fmt::format(
          "{} sent to {} names {}, hidden from it", what,
          seat == kPublic ? "everyone" : fmt::format("seat {}", seat), c);
    }
  }
  return "";
}

// The cards named by events [from, end) as `viewer` is sent them.
std::vector<std::string> StepCards(const State& s, int from, int viewer) {
  v1::GameEvent events;
  s.FillEvents(from, viewer, &events);
  std::vector<std::string> cards = CardsInMessage(events);
  for (int i = from; i < s.NumEvents(); ++i) {
    for (auto& c : CardsInText(s.EventText(i, viewer))) cards.push_back(c);
  }
  return cards;
}

// Viewers of one EventViewerClass see events [from, end) in the same text.
std::string CheckViewerClasses(const State& s, int from) {
  std::vector<int> viewers = {kOmniscient, kPublic};
  for (int seat = 0; seat < s.NumSeats(); ++seat) viewers.push_back(seat);
  for (int e = from; e < s.NumEvents(); ++e) {
    for (size_t a = 0; a < viewers.size(); ++a) {
      for (size_t b = a + 1; b < viewers.size(); ++b) {
        const int va = viewers[a], vb = viewers[b];
        if (s.EventViewerClass(e, va) != s.EventViewerClass(e, vb)) continue;
        if (s.EventText(e, va) != s.EventText(e, vb)) {
          return fmt::format(
              "event {}: viewers {} and {} are of one class but see '{}' and "
              "'{}'",
              e, va, vb, s.EventText(e, va), s.EventText(e, vb));
        }
      }
    }
  }
  return "";
}

std::set<std::string> Union(std::set<std::string> a,
                            const std::set<std::string>& b) {
  a.insert(b.begin(), b.end());
  return a;
}

class Playout {
 public:
  Playout(const Game& game, const PlayoutOptions& options)
      : game_(game), options_(options) {}

  PlayoutResult Run(const Setup& setup, uint64_t choice_seed);

 private:
  std::string CheckDecision(const State& s, const TableView& view);
  std::string CheckStep(State& s, int choice, const TableView& before);
  std::string CheckEnd(const State& s, const Setup& setup,
                       const PlayoutResult& r);

  const Game& game_;
  const PlayoutOptions& options_;
  std::vector<std::string> cards_;  // the multiset of the first view
  std::vector<std::string> previous_legal_;
};

std::string CheckView(const TableView& view,
                      const std::vector<std::string>& cards) {
  for (const Zone& z : view.zones) {
    if (z.cards.size() != z.seen_by.size()) {
      return fmt::format("zone '{}': {} cards but {} visibilities", z.name,
                         z.cards.size(), z.seen_by.size());
    }
  }
  if (AllCards(view) != cards) {
    return fmt::format("the cards of the table changed: {} cards, were {}",
                       AllCards(view).size(), cards.size());
  }
  return "";
}

std::string Playout::CheckDecision(const State& s, const TableView& view) {
  const int n = s.NumLegalActions();
  const int seat = s.CurrentSeat();
  if (seat >= s.NumSeats()) return fmt::format("seat {} is no seat", seat);
  if (n <= 0) return fmt::format("seat {} must act with no legal action", seat);
  if (!options_.every_check) return "";
  std::vector<std::string> texts;
  for (int i = 0; i < n; ++i) {
    texts.push_back(s.LegalActionText(i));
    auto back = s.ParseText(texts.back());
    if (!back || *back != i) {
      return fmt::format("legal action {} '{}' parses back to {}", i,
                         texts.back(),
                         back ? std::to_string(*back) : back.error().detail);
    }
  }
  std::vector<std::string> sorted = texts;
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) {
    return "the legal list holds an action twice";
  }
  // Answers that are no legal action now are refused.
  for (const auto& t : previous_legal_) {
    if (std::find(texts.begin(), texts.end(), t) == texts.end() &&
        s.ParseText(t)) {
      return fmt::format("'{}' is accepted but not listed", t);
    }
  }
  if (s.ParseText("no such action 42")) return "nonsense text is accepted";
  previous_legal_ = std::move(texts);
  v1::DecisionRequest request;
  s.FillDecision(&request);
  if (int(request.num_legal_actions()) != n) {
    return fmt::format("num_legal_actions {} for {} legal actions",
                       request.num_legal_actions(), n);
  }
  return Leak(CardsInMessage(request), VisibleTo(view, seat), seat,
              "the decision request");
}

std::string Playout::CheckStep(State& s, int choice, const TableView& before) {
  if (!options_.every_check) {
    s.Apply(choice);
    return "";
  }
  const int events_before = s.NumEvents();
  const int hands_before = s.GetOutcome().hands_played;
  const std::string json_before = s.ToJson().dump();
  auto clone = s.Clone();
  clone->Apply(choice);
  if (s.ToJson().dump() != json_before) return "playing on a clone changed it";
  s.Apply(choice);
  if (s.ToJson().dump() != clone->ToJson().dump()) {
    return "a clone and its original differ after the same action";
  }
  if (s.NumEvents() < events_before) return "events disappeared";
  if (auto e = CheckViewerClasses(s, events_before); !e.empty()) return e;
  // What the step's events show everyone. A card they name must have been
  // public before or after the step; a step that ends a hand is exempt, as
  // the cards that a hand's last events show are gathered for the next deal
  // in the same step.
  const TableView after = s.View();
  const std::vector<std::string> shown = StepCards(s, events_before, kPublic);
  if (s.GetOutcome().hands_played == hands_before) {
    const auto public_cards =
        Union(VisibleTo(before, kEveryone), VisibleTo(after, kEveryone));
    if (auto e = Leak(shown, public_cards, kPublic, "a public event");
        !e.empty()) {
      return e;
    }
  }
  // A seat sees more: what it may see before or after the step.
  for (int seat = 0; seat < s.NumSeats(); ++seat) {
    const auto visible =
        Union(Union(VisibleTo(before, seat), VisibleTo(after, seat)),
              std::set<std::string>(shown.begin(), shown.end()));
    if (auto e =
            Leak(StepCards(s, events_before, seat), visible, seat, "an event");
        !e.empty()) {
      return e;
    }
    if (auto e = Leak(CardsInText(s.ObservationText(seat)),
                      VisibleTo(after, seat), seat, "the observation text");
        !e.empty()) {
      return e;
    }
  }
  return "";
}

// The end: a sane outcome, and the record replays to the same game.
std::string Playout::CheckEnd(const State& s, const Setup& setup,
                              const PlayoutResult& r) {
  const Outcome& o = r.outcome;
  const int n = s.NumSeats();
  if (s.NumLegalActions() != 0) return "legal actions after the game's end";
  if (int(o.scores.size()) != n || int(o.places.size()) != n) {
    return "scores or places do not have one entry per seat";
  }
  const auto teams = s.Teams();
  const int num_teams = *std::max_element(teams.begin(), teams.end()) + 1;
  if (int(o.team_scores.size()) != num_teams) {
    return fmt::format("{} team scores for {} teams", o.team_scores.size(),
                       num_teams);
  }
  if (*std::min_element(o.places.begin(), o.places.end()) != 1) {
    return "nobody is placed first";
  }
  if (o.end_reason == v1::END_REASON_UNSPECIFIED) return "no end reason";
  const int mover = s.FirstMover();
  if (mover < 0 || mover >= n) return fmt::format("first mover {}", mover);
  // Replaying the record reproduces the game.
  v1::GameRecord record;
  record.set_num_players(n);
  record.set_seed(setup.seed);
  s.FillRecord(&record);
  auto from = game_.Type().FromRecord(record);
  if (!from) return "the record's ruleset does not load: " + from.error();
  auto replay = (*from)->NewState(SetupFromRecord(record));
  if (!replay) return "the record does not replay: " + replay.error();
  for (const auto& text : r.texts) {
    if (auto ok = (*replay)->ApplyText(text); !ok) {
      return "the record does not replay: " + ok.error();
    }
  }
  v1::GameRecord again;
  again.set_num_players(n);
  again.set_seed(setup.seed);
  (*replay)->FillRecord(&again);
  std::string diff;
  google::protobuf::util::MessageDifferencer differ;
  differ.ReportDifferencesToString(&diff);
  if (!differ.Compare(record, again))
    return "the replayed record differs: " + diff;
  return "";
}

PlayoutResult Playout::Run(const Setup& setup, uint64_t choice_seed) {
  PlayoutResult r;
  auto created = game_.NewState(setup);
  if (!created) {
    r.error = "NewState refused the setup: " + created.error();
    return r;
  }
  State& s = **created;
  TableView view = s.View();
  cards_ = AllCards(view);
  auto fail = [&](const std::string& what) {
    r.error = fmt::format("step {} (after '{}'): {}", r.texts.size(),
                          r.texts.empty() ? "" : r.texts.back(), what);
    return r;
  };
  if (options_.every_check) {
    v1::GameStart start;
    s.FillGameStart(&start);
    for (int seat = 0; seat < s.NumSeats(); ++seat) {
      if (auto e = Leak(CardsInMessage(start), VisibleTo(view, seat), seat,
                        "the game start");
          !e.empty()) {
        return fail(e);
      }
    }
  }
  uint64_t rng = choice_seed;
  while (!s.IsTerminal()) {
    if (int(r.choices.size()) > options_.max_steps) return fail("no end");
    if (auto e = CheckView(view, cards_); !e.empty()) return fail(e);
    if (auto e = CheckDecision(s, view); !e.empty()) return fail(e);
    const int choice = int(NextRandom(rng) % uint64_t(s.NumLegalActions()));
    r.choices.push_back(choice);
    r.texts.push_back(s.LegalActionText(choice));
    if (auto e = CheckStep(s, choice, view); !e.empty()) return fail(e);
    view = s.View();
  }
  if (auto e = CheckView(view, cards_); !e.empty()) return fail(e);
  r.outcome = s.GetOutcome();
  if (auto e = CheckEnd(s, setup, r); !e.empty()) return fail(e);
  return r;
}

std::string Normal(std::string card) {
  if (card.size() == 3 && card.starts_with("10")) card = "T" + card.substr(2);
  return card;
}

}  // namespace

std::vector<std::string> CardsInText(std::string_view text) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < text.size()) {
    const size_t start = text.find_first_not_of(" \t\n,;:()[]{}\"'", i);
    if (start == std::string_view::npos) break;
    size_t end = text.find_first_of(" \t\n,;:()[]{}\"'", start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view word = text.substr(start, end - start);
    if (word.ends_with('*')) word.remove_suffix(1);
    const bool ten = word.size() == 3 && word.starts_with("10");
    if ((word.size() == 2 || ten) &&
        std::string_view("SHDC").find(word.back()) != std::string_view::npos &&
        (ten || std::string_view("23456789TJQKA").find(word[0]) !=
                    std::string_view::npos)) {
      out.push_back(Normal(std::string(word)));
    }
    i = end;
  }
  return out;
}

std::vector<std::string> CardsInMessage(const Message& message) {
  std::vector<std::string> out;
  CollectCards(message, &out);
  return out;
}

std::set<std::string> VisibleTo(const TableView& view, int seat) {
  std::set<std::string> out;
  for (const Zone& z : view.zones) {
    for (size_t i = 0; i < z.cards.size(); ++i) {
      const bool seen = seat == kEveryone ? z.seen_by[i] == kSeenByAll
                                          : ((z.seen_by[i] >> seat) & 1) != 0;
      if (seen) out.insert(Normal(z.cards[i]));
    }
  }
  return out;
}

std::vector<std::string> AllCards(const TableView& view) {
  std::vector<std::string> out;
  for (const Zone& z : view.zones) {
    for (const auto& c : z.cards) out.push_back(Normal(c));
  }
  std::sort(out.begin(), out.end());
  return out;
}

PlayoutResult CheckedPlayout(const Game& game, const Setup& setup,
                             uint64_t choice_seed,
                             const PlayoutOptions& options) {
  return Playout(game, options).Run(setup, choice_seed);
}

}  // namespace game::qa
