#include "app/gui/window/yaml_view.h"

#include <QRegularExpression>
#include <QScrollBar>
#include <QSyntaxHighlighter>
#include <QTextBlock>
#include <QTimer>

#include "app/gui/document/ruleset_document.h"
#include "model/yaml/ruleset_writer.h"

namespace wb::app {

namespace {
class YamlHighlighter : public QSyntaxHighlighter {
 public:
  explicit YamlHighlighter(QTextDocument* doc) : QSyntaxHighlighter(doc) {
    m_key.setForeground(QColor(0x1a, 0x4f, 0x9c));
    m_comment.setForeground(QColor(0x6a, 0x85, 0x59));
    m_comment.setFontItalic(true);
    m_string.setForeground(QColor(0x9c, 0x3c, 0x1a));
    m_number.setForeground(QColor(0x7a, 0x1f, 0x9c));
  }

 protected:
  void highlightBlock(const QString& text) override {
    static const QRegularExpression key(QStringLiteral(R"(^\s*(- )?([A-Za-z_][\w-]*):)"));
    static const QRegularExpression str(QStringLiteral(R"("([^"\\]|\\.)*")"));
    static const QRegularExpression num(QStringLiteral(R"((?<=[:\[,\s])-?\d+(\.\d+)?(?=\s*[,\]}]|\s*$))"));
    for (auto it = num.globalMatch(text); it.hasNext();) {
      const auto m = it.next();
      setFormat(static_cast<int>(m.capturedStart()), static_cast<int>(m.capturedLength()), m_number);
    }
    for (auto it = str.globalMatch(text); it.hasNext();) {
      const auto m = it.next();
      setFormat(static_cast<int>(m.capturedStart()), static_cast<int>(m.capturedLength()), m_string);
    }
    const auto k = key.match(text);
    if (k.hasMatch()) setFormat(static_cast<int>(k.capturedStart(2)), static_cast<int>(k.capturedLength(2)), m_key);
    const int hash = static_cast<int>(text.indexOf(QLatin1String(" #")));
    if (text.trimmed().startsWith(QLatin1Char('#'))) setFormat(0, static_cast<int>(text.size()), m_comment);
    else if (hash >= 0) setFormat(hash, static_cast<int>(text.size()) - hash, m_comment);
  }

 private:
  QTextCharFormat m_key, m_comment, m_string, m_number;
};
}  // namespace

YamlView::YamlView(RulesetDocument* document, QWidget* parent)
    : QPlainTextEdit(parent), m_document(document), m_timer(new QTimer(this)) {
  setReadOnly(true);
  setLineWrapMode(QPlainTextEdit::NoWrap);
  QFont f(QStringLiteral("monospace"));
  f.setStyleHint(QFont::Monospace);
  setFont(f);
  new YamlHighlighter(this->document());
  m_timer->setSingleShot(true);
  m_timer->setInterval(150);
  connect(m_timer, &QTimer::timeout, this, &YamlView::refreshNow);
  connect(document, &RulesetDocument::changed, m_timer, qOverload<>(&QTimer::start));
  connect(document, &RulesetDocument::reset, this, &YamlView::refreshNow);
  refreshNow();
}

void YamlView::refreshNow() {
  const int scroll = verticalScrollBar()->value();
  setPlainText(QString::fromStdString(model::toYaml(m_document->ruleset())));
  verticalScrollBar()->setValue(scroll);
}

int YamlView::lineOfEntity(const QString& id) const {
  const QRegularExpression re(QStringLiteral(R"(^\s*(- )?\{?\s*id: "?%1"?\s*[,}]?)").arg(QRegularExpression::escape(id)));
  int line = 1;
  for (QTextBlock b = document()->begin(); b.isValid(); b = b.next(), ++line)
    if (re.match(b.text()).hasMatch()) return line;
  return 0;
}

void YamlView::goToLine(int line) {
  const QTextBlock block = document()->findBlockByLineNumber(std::max(0, line - 1));
  if (!block.isValid()) return;
  QTextCursor cursor(block);
  cursor.select(QTextCursor::LineUnderCursor);
  setTextCursor(cursor);
  QTextEdit::ExtraSelection sel;
  sel.cursor = cursor;
  sel.format.setBackground(QColor(0xff, 0xf1, 0xb8));
  sel.format.setProperty(QTextFormat::FullWidthSelection, true);
  setExtraSelections({sel});
  centerCursor();
}

}  // namespace wb::app
