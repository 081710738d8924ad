// The three-way layout-keeping merge (see layout_preserver.h). The original
// text is never re-emitted: the merge collects patches (byte ranges of the
// original and their new text) while walking the original, baseline and
// canonical trees together, then applies them from the end backwards.
#include "model/yaml/layout_preserver.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string_view>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "model/yaml/yaml_layout.h"
#include "model/yaml/yaml_text.h"

namespace wb::model::yaml {

namespace {

using Node = YAML::Node;

bool loadNode(const std::string& text, Node& out) {
  try {
    out = YAML::Load(text);
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

bool isFlow(const Node& n) { return n.Style() == YAML::EmitterStyle::Flow; }
std::size_t posOf(const Node& n) { return static_cast<std::size_t>(n.Mark().pos); }

// Same content (keys, order, lengths, scalar texts), ignoring layout.
bool sameTree(const Node& a, const Node& b) {
  if (a.Type() != b.Type()) return false;
  switch (a.Type()) {
    case YAML::NodeType::Scalar: return a.Scalar() == b.Scalar();
    case YAML::NodeType::Sequence:
      if (a.size() != b.size()) return false;
      for (std::size_t i = 0; i < a.size(); ++i)
        if (!sameTree(a[i], b[i])) return false;
      return true;
    case YAML::NodeType::Map: {
      if (a.size() != b.size()) return false;
      auto ai = a.begin();
      auto bi = b.begin();
      for (; ai != a.end(); ++ai, ++bi)
        if (!sameTree(ai->first, bi->first) || !sameTree(ai->second, bi->second)) return false;
      return true;
    }
    default: return true;
  }
}

std::vector<std::string> keysOf(const Node& map) {
  std::vector<std::string> out;
  for (auto it = map.begin(); it != map.end(); ++it) out.push_back(it->first.IsScalar() ? it->first.Scalar() : std::string());
  return out;
}

Node valueAt(const Node& map, std::size_t i) {
  auto it = map.begin();
  std::advance(it, static_cast<std::ptrdiff_t>(i));
  return it->second;
}

Node keyAt(const Node& map, std::size_t i) {
  auto it = map.begin();
  std::advance(it, static_cast<std::ptrdiff_t>(i));
  return it->first;
}

// Same keys in the same order (maps), same length (sequences).
bool sameShape(const Node& a, const Node& b) {
  if (a.Type() != b.Type()) return false;
  if (a.IsMap()) return keysOf(a) == keysOf(b);
  if (a.IsSequence()) return a.size() == b.size();
  return true;
}

// For each entry of the original collection `o`, the index of the same entry
// in the baseline `c0`: a map's by key (the writer may order keys otherwise
// than the designer did: elemenz's shamans.yaml has factions before
// abilities), a sequence's by position. Empty when they do not correspond.
std::vector<std::size_t> baselineIndex(const Node& o, const Node& c0) {
  std::vector<std::size_t> out;
  if (o.Type() != c0.Type() || o.size() != c0.size()) return {};
  if (o.IsSequence()) {
    for (std::size_t i = 0; i < o.size(); ++i) out.push_back(i);
    return out;
  }
  if (!o.IsMap()) return {};
  const auto ko = keysOf(o), kb = keysOf(c0);
  std::vector<bool> used(kb.size(), false);
  for (const auto& k : ko) {
    auto it = std::find(kb.begin(), kb.end(), k);
    if (it == kb.end() || used[static_cast<std::size_t>(it - kb.begin())]) return {};
    used[static_cast<std::size_t>(it - kb.begin())] = true;
    out.push_back(static_cast<std::size_t>(it - kb.begin()));
  }
  return out;
}

// `id` of every item if each is a map with a unique scalar id; else empty.
std::vector<std::string> itemIds(const Node& seq) {
  std::vector<std::string> ids;
  for (const auto& item : seq) {
    if (!item.IsMap() || !item["id"] || !item["id"].IsScalar()) return {};
    ids.push_back(item["id"].Scalar());
  }
  auto sorted = ids;
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) return {};
  return ids;
}

// For each item of `after`, the index of the same item in `before` (-1: new):
// by id where every item has one, else by position when the lengths agree,
// else the longest common subsequence of equal items.
std::vector<int> matchItems(const Node& before, const Node& after) {
  std::vector<int> out(after.size(), -1);
  const auto idsBefore = itemIds(before), idsAfter = itemIds(after);
  if (!idsBefore.empty() && !idsAfter.empty()) {
    for (std::size_t j = 0; j < idsAfter.size(); ++j) {
      auto it = std::find(idsBefore.begin(), idsBefore.end(), idsAfter[j]);
      if (it != idsBefore.end()) out[j] = static_cast<int>(it - idsBefore.begin());
    }
    return out;
  }
  if (before.size() == after.size()) {
    for (std::size_t j = 0; j < after.size(); ++j) out[j] = static_cast<int>(j);
    return out;
  }
  const std::size_t n = before.size(), m = after.size();
  std::vector<std::vector<int>> lcs(n + 1, std::vector<int>(m + 1, 0));
  for (std::size_t i = n; i-- > 0;)
    for (std::size_t j = m; j-- > 0;)
      lcs[i][j] = sameTree(before[i], after[j]) ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
  for (std::size_t i = 0, j = 0; i < n && j < m;) {
    if (sameTree(before[i], after[j])) {
      out[j] = static_cast<int>(i);
      ++i;
      ++j;
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) {
      ++i;
    } else {
      ++j;
    }
  }
  return out;
}

std::string singleQuoted(std::string_view s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

struct Patch {
  std::size_t begin = 0;
  std::size_t end = 0;
  std::string text;
  std::size_t order = 0;
};

class Merger {
 public:
  Merger(std::string_view original, std::string_view canonical) : m_o(original), m_c(canonical) {}

  bool mergeRoot(const Node& o, const Node& c0, const Node& c) {
    if (sameTree(c0, c)) return true;
    if (!o.IsMap() || !c0.IsMap() || !c.IsMap() || isFlow(o) || isFlow(c)) return false;
    return mergeBlock(o, c0, c, m_o.size(), false, m_c.size());
  }

  // The original with every patch applied; nullopt if two patches overlap.
  std::optional<std::string> apply() const {
    std::vector<Patch> patches = m_patches;
    std::sort(patches.begin(), patches.end(), [](const Patch& a, const Patch& b) {
      if (a.begin != b.begin) return a.begin > b.begin;
      if (a.end != b.end) return a.end > b.end;
      return a.order > b.order;
    });
    std::string out(m_o);
    std::size_t floor = m_o.size();
    for (const auto& p : patches) {
      if (p.end > floor || p.end < p.begin) return std::nullopt;
      out.replace(p.begin, p.end - p.begin, p.text);
      floor = p.begin;
    }
    return out;
  }

 private:
  void add(std::size_t begin, std::size_t end, std::string text) {
    m_patches.push_back({begin, end, std::move(text), m_patches.size()});
  }

  // o: node of the original (in flow context if oFlow, its region ending at
  // oLimit); c0: the baseline's node; c: the canonical node (in flow context
  // if cFlow, its region ending at cLimit). False: the caller must replace
  // the entry holding o.
  bool merge(const Node& o, const Node& c0, const Node& c, bool oFlow, std::size_t oLimit, bool cFlow,
             std::size_t cLimit) {
    if (sameTree(c0, c)) return true;
    if (o.Type() != c0.Type() || c0.Type() != c.Type()) return false;
    if (o.IsScalar()) return patchScalar(o, c, oFlow);
    if (!o.IsMap() && !o.IsSequence()) return false;
    const bool cFlowNode = cFlow || isFlow(c);
    if (oFlow || isFlow(o)) return mergeFlow(o, c0, c, cFlowNode);
    return mergeBlock(o, c0, c, oLimit, cFlowNode, cLimit);
  }

  bool patchScalar(const Node& o, const Node& c, bool flow) {
    const std::size_t begin = posOf(o);
    const std::size_t end = scalarEnd(m_o, begin, flow);
    if (end == std::string_view::npos || end <= begin) return false;
    const char q = m_o[begin];
    const std::string& now = c.Scalar();
    std::string text;
    if (q == '"') {
      text = doubleQuoted(now);
    } else if (q == '\'' && now.find_first_of("\n\r\t") == std::string::npos) {
      text = singleQuoted(now);
    } else {
      if (q != '\'' && m_o.substr(begin, end - begin) != o.Scalar()) return false;  // folded over lines
      text = scalarText(now, flow);
    }
    add(begin, end, std::move(text));
    return true;
  }

  bool mergeFlow(const Node& o, const Node& c0, const Node& c, bool cFlowNode) {
    const std::size_t mark = m_patches.size();
    const auto index = baselineIndex(o, c0);
    if (o.size() > 0 && index.size() == o.size() && sameShape(c0, c)) {
      bool ok = true;
      for (std::size_t i = 0; ok && i < o.size(); ++i) {
        if (o.IsMap())
          ok = merge(valueAt(o, i), valueAt(c0, index[i]), valueAt(c, index[i]), true, 0, true, 0);
        else
          ok = merge(o[i], c0[i], c[i], true, 0, true, 0);
      }
      if (ok) return true;
      m_patches.resize(mark);
    }
    if (o.IsMap() && c0.IsMap() && c.IsMap() && index.size() == o.size() && editFlowMapKeys(o, c0, c, index)) return true;
    m_patches.resize(mark);
    if (!cFlowNode) return false;
    const std::size_t oEnd = flowEnd(m_o, posOf(o)), cEnd = flowEnd(m_c, posOf(c));
    if (oEnd == std::string_view::npos || cEnd == std::string_view::npos) return false;
    add(posOf(o), oEnd, std::string(m_c.substr(posOf(c), cEnd - posOf(c))));
    return true;
  }

  // A flow map whose canonical version adds or removes keys (a property given
  // to or taken from `{id: mage_none, ...}`): the kept entries are merged in
  // place, a removed one goes with its separating comma, a new one is written
  // `, key: value` before the closing brace. False (nothing added) when a new
  // value is a block collection or the spans are not clear.
  bool editFlowMapKeys(const Node& o, const Node& c0, const Node& c, const std::vector<std::size_t>& index) {
    const auto k0 = keysOf(c0), kc = keysOf(c);
    const bool cFlow = isFlow(c);
    std::vector<bool> kept(o.size(), false);
    for (std::size_t i = 0; i < o.size(); ++i) {
      const auto j = std::find(kc.begin(), kc.end(), k0[index[i]]);
      kept[i] = j != kc.end();
      if (kept[i] && !merge(valueAt(o, i), valueAt(c0, index[i]), valueAt(c, static_cast<std::size_t>(j - kc.begin())),
                            true, 0, cFlow, 0))
        return false;
    }
    if (std::count(kept.begin(), kept.end(), false) > 1) return false;  // one removal at a time keeps the spans apart
    // Entry spans: from its key to the end of its value.
    std::vector<std::pair<std::size_t, std::size_t>> spans;
    for (std::size_t i = 0; i < o.size(); ++i) {
      const Node v = valueAt(o, i);
      const std::size_t end = v.IsNull() ? std::string_view::npos : flowEnd(m_o, posOf(v));
      if (end == std::string_view::npos) return false;
      spans.emplace_back(posOf(keyAt(o, i)), end);
    }
    for (std::size_t i = 0; i < o.size(); ++i) {
      if (kept[i]) continue;
      if (i + 1 < o.size()) add(spans[i].first, spans[i + 1].first, {});    // "key: v, " up to the next key
      else if (i > 0) add(spans[i - 1].second, spans[i].second, {});        // ", key: v" after the previous value
      else return false;                                                     // the only entry: {} is the writer's
    }
    std::string added;
    for (std::size_t j = 0; j < kc.size(); ++j) {
      if (std::find(k0.begin(), k0.end(), kc[j]) != k0.end()) continue;
      const Node v = valueAt(c, j);
      std::string value;
      if (v.IsScalar()) {
        value = scalarText(v.Scalar(), true);
      } else if (isFlow(v)) {
        const std::size_t end = flowEnd(m_c, posOf(v));
        if (end == std::string_view::npos) return false;
        value = std::string(m_c.substr(posOf(v), end - posOf(v)));
      } else {
        return false;
      }
      added += ", " + scalarText(kc[j], true) + ": " + value;
    }
    if (!added.empty()) {
      std::size_t last = std::string_view::npos;  // the end of the last kept entry
      for (std::size_t i = 0; i < o.size(); ++i)
        if (kept[i]) last = spans[i].second;
      if (last == std::string_view::npos) return false;
      add(last, last, std::move(added));
    }
    return true;
  }

  // The text of entry j of the canonical collection c, written at column
  // `indent` (its first line without indentation if `midLine`).
  std::optional<std::string> render(const Node& c, std::size_t j, const std::optional<BlockLayout>& cl, int indent,
                                    bool midLine) const {
    std::string text;
    if (cl) {
      const EntrySpan& s = cl->entries[j];
      std::string_view lines = m_c.substr(s.start, s.end - s.start);
      const std::size_t nl = lines.find('\n');
      std::string_view first = lines.substr(0, nl == std::string_view::npos ? lines.size() : nl + 1);
      std::string_view rest = nl == std::string_view::npos ? std::string_view() : lines.substr(nl + 1);
      if (!s.midLine) first.remove_prefix(static_cast<std::size_t>(s.indent));
      text = (midLine ? std::string() : std::string(static_cast<std::size_t>(indent), ' ')) + std::string(first) +
             reindent(rest, indent - s.indent);
    } else {
      // An item of a flow collection, written as one block line.
      std::string value;
      const Node item = c.IsMap() ? valueAt(c, j) : c[j];
      if (item.IsNull()) return std::nullopt;
      const std::size_t vEnd = flowEnd(m_c, posOf(item));
      if (vEnd == std::string_view::npos) return std::nullopt;
      value = std::string(m_c.substr(posOf(item), vEnd - posOf(item)));
      std::string head = "- ";
      if (c.IsMap()) {
        const Node key = keyAt(c, j);
        const std::size_t kEnd = scalarEnd(m_c, posOf(key), true);
        if (kEnd == std::string_view::npos) return std::nullopt;
        head = std::string(m_c.substr(posOf(key), kEnd - posOf(key))) + ": ";
      }
      text = (midLine ? std::string() : std::string(static_cast<std::size_t>(indent), ' ')) + head + value + "\n";
    }
    if (text.empty() || text.back() != '\n') text += '\n';
    return text;
  }

  bool replaceEntry(const EntrySpan& o, const Node& c, std::size_t j, const std::optional<BlockLayout>& cl) {
    auto text = render(c, j, cl, o.indent, o.midLine);
    if (!text) return false;
    if (o.end == m_o.size() && !m_o.empty() && m_o.back() != '\n') text->pop_back();
    add(o.start, o.end, std::move(*text));
    return true;
  }

  bool removeEntry(const BlockLayout& layout, std::size_t i) {
    const EntrySpan& e = layout.entries[i];
    if (e.midLine) return false;
    std::size_t end = e.end;
    // Between blank-separated entries, one separating blank line goes too.
    if (e.leadStart > 0 && isBlankLine(m_o, lineStart(m_o, e.leadStart - 1)))
      while (end < e.limit && isBlankLine(m_o, end)) end = nextLineStart(m_o, end);
    add(e.leadStart, end, {});
    return true;
  }

  bool insertEntry(const BlockLayout& layout, int after, const Node& c, std::size_t j,
                   const std::optional<BlockLayout>& cl) {
    const EntrySpan& first = layout.entries.front();
    auto text = render(c, j, cl, first.indent, false);
    if (!text) return false;
    const std::string gap = layout.blankSeparated ? "\n" : "";
    if (after >= 0) {
      const std::size_t at = layout.entries[static_cast<std::size_t>(after)].end;
      if (at == m_o.size() && !m_o.empty() && m_o.back() != '\n') *text = "\n" + *text;
      add(at, at, gap + *text);
    } else {
      if (first.midLine) return false;
      add(first.leadStart, first.leadStart, *text + gap);
    }
    return true;
  }

  bool mergeBlock(const Node& o, const Node& c0, const Node& c, std::size_t oLimit, bool cFlowNode, std::size_t cLimit) {
    const auto index = baselineIndex(o, c0);  // original entry -> baseline entry
    if (o.size() == 0 || index.size() != o.size()) return false;
    const auto ol = blockLayout(m_o, o, oLimit);
    if (!ol) return false;
    std::optional<BlockLayout> cl;
    if (!cFlowNode) {
      cl = blockLayout(m_c, c, cLimit);
      if (!cl) return false;
    }
    // For each canonical entry, its baseline entry or -1 ...
    std::vector<int> match;
    if (o.IsMap()) {
      const auto before = keysOf(c0), after = keysOf(c);
      for (const auto& k : after) {
        auto it = std::find(before.begin(), before.end(), k);
        match.push_back(it == before.end() ? -1 : static_cast<int>(it - before.begin()));
      }
    } else {
      match = matchItems(c0, c);
    }
    // ... as an entry of the original. A map keeps the designer's key order
    // (order means nothing there); a list whose items moved is rewritten.
    std::vector<int> originalOf(c0.size(), -1);
    for (std::size_t i = 0; i < index.size(); ++i) originalOf[index[i]] = static_cast<int>(i);
    for (int& m : match)
      if (m >= 0) m = originalOf[static_cast<std::size_t>(m)];
    if (!o.IsMap()) {
      int last = -1;
      for (int m : match) {
        if (m < 0) continue;
        if (m < last) return false;  // moved: the caller rewrites the whole collection
        last = m;
      }
    }
    std::vector<bool> kept(o.size(), false);
    for (int m : match)
      if (m >= 0) kept[static_cast<std::size_t>(m)] = true;
    for (std::size_t i = 0; i < o.size(); ++i)
      if (!kept[i] && !removeEntry(*ol, i)) return false;
    int previous = -1;
    for (std::size_t j = 0; j < match.size(); ++j) {
      const int i = match[j];
      if (i < 0) {
        if (!insertEntry(*ol, previous, c, j, cl)) return false;
        continue;
      }
      const auto iu = static_cast<std::size_t>(i);
      const Node ov = o.IsMap() ? valueAt(o, iu) : o[iu];
      const Node bv = o.IsMap() ? valueAt(c0, index[iu]) : c0[iu];
      const Node cv = o.IsMap() ? valueAt(c, j) : c[j];
      const std::size_t mark = m_patches.size();
      if (!merge(ov, bv, cv, false, ol->entries[iu].limit, cFlowNode, cl ? cl->entries[j].limit : 0)) {
        m_patches.resize(mark);
        if (!replaceEntry(ol->entries[iu], c, j, cl)) return false;
      }
      previous = i;
    }
    return true;
  }

  std::string_view m_o, m_c;
  std::vector<Patch> m_patches;
};

std::optional<std::string> merged(const std::string& original, const Node& o, const Node& c0, const std::string& canonical,
                                  const Node& c) {
  Merger merger(original, canonical);
  if (!merger.mergeRoot(o, c0, c)) return std::nullopt;
  auto text = merger.apply();
  Node check;
  if (!text || !loadNode(*text, check)) return std::nullopt;
  return text;
}

}  // namespace

std::string preserveLayout(const std::string& original, const std::string& baseline, const std::string& canonical) {
  Node o, c0, c;
  if (!loadNode(original, o) || !loadNode(baseline, c0) || !loadNode(canonical, c)) return canonical;
  return merged(original, o, c0, canonical, c).value_or(canonical);
}

std::string preserveLayout(const std::string& original, const std::string& canonical) {
  Node o, c;
  if (!loadNode(original, o) || !loadNode(canonical, c)) return canonical;
  auto text = merged(original, o, o, canonical, c);
  Node check;
  if (!text || !loadNode(*text, check) || !sameTree(check, c)) return canonical;
  return *text;
}

}  // namespace wb::model::yaml
