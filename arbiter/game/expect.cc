#include "arbiter/game/expect.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "arbiter/game/card_keys.h"

namespace game {
namespace {

ExpectCheck Bad(std::string_view key, std::string_view what) {
  return {.error = fmt::format("expect.{}: {}", key, what)};
}

ExpectCheck Compare(std::string_view key, const std::string& want,
                    const std::string& got, bool equal) {
  if (equal) return {};
  return {.failure =
              fmt::format("expect.{}: expected {}, got {}", key, want, got)};
}

// `text` normalized, then compared with `actual` (in normal form).
ExpectCheck CompareNormal(std::string_view key, const std::string& text,
                          const std::string& actual,
                          const Normalizer& normalize) {
  auto normal = normalize(text);
  if (!normal) return Bad(key, normal.error());
  return Compare(key, fmt::format("\"{}\"", *normal),
                 fmt::format("\"{}\"", actual), *normal == actual);
}

}  // namespace

ExpectCheck ExpectInt(std::string_view key, const toml::node& want,
                      int64_t actual) {
  const auto v = want.value_exact<int64_t>();
  if (!v) return Bad(key, "must be an integer");
  return Compare(key, fmt::format("{}", *v), fmt::format("{}", actual),
                 *v == actual);
}

ExpectCheck ExpectIntList(std::string_view key, const toml::node& want,
                          const std::vector<int>& actual) {
  const toml::array* arr = want.as_array();
  if (!arr) return Bad(key, "must be a list of integers");
  std::vector<int64_t> wanted;
  for (size_t i = 0; i < arr->size(); ++i) {
    const auto v = (*arr)[i].value_exact<int64_t>();
    if (!v) return Bad(key, "must be a list of integers");
    wanted.push_back(*v);
  }
  const std::vector<int64_t> got(actual.begin(), actual.end());
  return Compare(key, fmt::format("{}", wanted), fmt::format("{}", got),
                 wanted == got);
}

ExpectCheck ExpectString(std::string_view key, const toml::node& want,
                         const std::string& actual,
                         const Normalizer& normalize) {
  const auto text = want.value_exact<std::string>();
  if (!text) return Bad(key, "must be a string");
  return CompareNormal(key, *text, actual, normalize);
}

ExpectCheck ExpectCards(std::string_view key, const toml::node& want,
                        const std::string& actual,
                        const Normalizer& normalize) {
  auto cards = CardsText(want, fmt::format("expect.{}", key));
  if (!cards) return {.error = cards.error()};
  return CompareNormal(key, *cards, actual, normalize);
}

ExpectCheck ExpectCardsPerSeat(std::string_view key, const toml::node& want,
                               const std::vector<std::string>& actual,
                               const Normalizer& normalize) {
  auto seats = CardsTextList(want, fmt::format("expect.{}", key), "seat");
  if (!seats) return {.error = seats.error()};
  std::vector<std::string> wanted;
  for (size_t i = 0; i < seats->size(); ++i) {
    auto normal = normalize((*seats)[i]);
    if (!normal) return Bad(fmt::format("{}[{}]", key, i), normal.error());
    wanted.push_back(*normal);
  }
  return Compare(key, fmt::format("{}", wanted), fmt::format("{}", actual),
                 wanted == actual);
}

}  // namespace game
