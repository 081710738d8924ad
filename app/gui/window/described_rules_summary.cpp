#include "app/gui/window/described_rules_summary.h"

#include <QCoreApplication>
#include <QStringList>

#include "model/describe/description_compiler.h"

namespace wb::app {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("DescribedRulesSummary", text); }
QString q(const std::string& s) { return QString::fromStdString(s).toHtmlEscaped(); }

QString row(const QString& label, const QStringList& items) {
  return QStringLiteral("<tr><td valign=top>%1</td><td align=right valign=top><b>%2</b></td><td>&nbsp;%3</td></tr>")
      .arg(label)
      .arg(items.size())
      .arg(items.join(QStringLiteral(", ")));
}

}  // namespace

QString describedRulesSummary(const model::Ruleset& ruleset) {
  if (ruleset.engine != "described") return {};
  model::Diagnostics ignored;
  const auto program = model::describe::compileDescription(ruleset, ignored);
  if (!program) return {};
  namespace md = model::describe;
  QStringList counters, zones, phases, scripts;
  for (const md::Counter& c : program->counters)
    counters << tr("%1 (%2, %3..%4)")
                    .arg(q(c.id), c.perPlayer ? tr("each player") : tr("the game"))
                    .arg(c.min)
                    .arg(c.max);
  for (const md::Zone& z : program->zones) {
    const QString seen = z.visibility == md::Visibility::Everyone ? tr("seen by everyone")
                         : z.visibility == md::Visibility::Owner ? tr("seen by its owner")
                                                                  : tr("seen by nobody");
    zones << tr("%1 (%2, %3)").arg(q(z.id), z.perPlayer ? tr("each player") : tr("shared"), seen);
  }
  for (const md::Phase& p : program->phases) {
    QStringList actions;
    for (int a : p.actions) actions << q(program->actions[static_cast<std::size_t>(a)].id);
    phases << QStringLiteral("%1: %2").arg(q(p.id), actions.join(QStringLiteral(" / ")));
  }
  for (const md::Script& s : program->scripts) scripts << QStringLiteral("script:%1").arg(q(s.id));
  QString html = QStringLiteral("<table cellspacing=4>") + row(tr("Counters"), counters) + row(tr("Zones"), zones) +
                 row(tr("Phases"), phases);
  QStringList ends;
  auto counterId = [&](int k) {
    return k >= 0 && k < static_cast<int>(program->counters.size()) ? q(program->counters[static_cast<std::size_t>(k)].id)
                                                                      : QString();
  };
  for (const md::EndRule& e : program->endRules)
    ends << (e.winner == md::Winner::Subject ? tr("the player who meets it wins")
             : e.winner == md::Winner::Most  ? tr("most %1 wins").arg(counterId(e.counter))
             : e.winner == md::Winner::Least ? tr("least %1 wins").arg(counterId(e.counter))
                                             : tr("nobody wins"));
  html += row(tr("End rules"), ends);
  html += row(tr("Scripted players"), scripts);
  html += QStringLiteral("</table><p>") +
          tr("Turn limit %1; the rules are the YAML view's <tt>rules:</tt> section.").arg(program->turnLimit) +
          QStringLiteral("</p>");
  return html;
}

}  // namespace wb::app
