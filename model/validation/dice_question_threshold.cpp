#include "model/validation/dice_question_threshold.h"

#include <cmath>

#include "model/core/scalar.h"
#include "model/path/ruleset_path.h"

namespace wb::model {

std::string staleThreshold(const Ruleset& ruleset, const DiceQuestion& question) {
  const Field* of = question.arg("at_least_of");
  if (!of) return {};
  std::string why;
  const auto value = getPath(ruleset, of->text, &why);
  if (!value) return "at_least_of: " + why;
  const auto now = parseNumber(value->text);
  if (!value->isNumeric() || !now) return "at_least_of: " + of->text + " is not a number ('" + value->text + "')";
  const Field* atLeast = question.arg("at_least");
  if (!atLeast) return "at_least_of needs the at_least it explains";
  const auto threshold = atLeast->asNumber();
  if (!threshold) return {};  // a non-number at_least: reported where it is read
  if (std::abs(*threshold - *now) < 1e-9) return {};
  return "at_least " + atLeast->text + " is no longer " + of->text + " (now " + value->text +
         "): update the threshold and the question's text";
}

}  // namespace wb::model
