// A complete minimal bot: declares whenever it can, otherwise discards the
// first card the arbiter offers.
#include "zetema_bot/bot.h"

int main(int argc, char** argv) {
  return zetema_bot::Run(
      argc, argv,
      [](const zetema_bot::Decision& d) -> zetema_bot::Answer {
        for (int i = 0; i < d.size(); ++i) {
          if (!d.action(i).has_discard()) return i;  // a meld or marriages
        }
        return 0;
      },
      {.name = "my_bot", .version = "0.1"});
}
