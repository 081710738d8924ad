// Closest-name suggestions (see name_suggestion.h).
#include "model/validation/name_suggestion.h"

#include <algorithm>
#include <cctype>
#include <vector>

namespace wb::model::validation {

namespace {

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

// Optimal string alignment distance (Damerau-Levenshtein without repeated edits of a substring).
std::size_t editDistance(std::string_view a, std::string_view b) {
  const std::size_t n = a.size(), m = b.size();
  std::vector<std::vector<std::size_t>> d(n + 1, std::vector<std::size_t>(m + 1));
  for (std::size_t i = 0; i <= n; ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= m; ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= n; ++i) {
    for (std::size_t j = 1; j <= m; ++j) {
      const std::size_t cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) && lower(a[i - 2]) == lower(b[j - 1]))
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[n][m];
}

}  // namespace

std::string closestName(std::string_view name, const std::set<std::string, std::less<>>& known) {
  if (name.empty() || name.size() > 64) return {};
  const std::size_t limit = std::max<std::size_t>(1, name.size() / 3);
  std::string best;
  std::size_t bestDistance = limit + 1;
  for (const auto& k : known) {
    const std::size_t lengthGap = k.size() > name.size() ? k.size() - name.size() : name.size() - k.size();
    if (lengthGap > limit || k.size() > 64) continue;
    const std::size_t dist = editDistance(name, k);
    if (dist < bestDistance) {
      best = k;
      bestDistance = dist;
    }
  }
  return best;
}

std::string didYouMean(std::string_view name, const std::set<std::string, std::less<>>& known) {
  const std::string best = closestName(name, known);
  return best.empty() ? std::string() : " (did you mean '" + best + "'?)";
}

}  // namespace wb::model::validation
