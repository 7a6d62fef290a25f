#include "arbiter/tournament/formats/knockout_bracket.h"

namespace arbiter::tournament {

// Stub: the implementation follows.
std::optional<TieOutcome> DecideTie(const Tie&, const TieScore&, int, int) {
  return std::nullopt;
}

Bracket::Bracket(int entrants, Elimination elimination)
    : elimination_(elimination), entrants_(entrants) {}

std::expected<Bracket, std::string> Bracket::Make(int entrants,
                                                  Elimination elimination) {
  return Bracket(entrants, elimination);
}

std::vector<Tie> Bracket::Ready() const { return {}; }

std::expected<void, std::string> Bracket::Decide(int, int) {
  return std::unexpected("not implemented");
}

bool Bracket::Done() const { return false; }

std::vector<std::vector<int>> Bracket::Placings() const { return {}; }

int Bracket::TotalTies() const { return 0; }

}  // namespace arbiter::tournament
