#include "app/gui/window/help_dialogs.h"

#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QAbstractTextDocumentLayout>
#include <QScrollBar>
#include <QTextBlock>
#include <QTableWidget>
#include <QTextBrowser>
#include <QTextDocument>
#include <QVBoxLayout>

namespace wb::app {

namespace {

QString& documentationRoot() {
  static QString root;
  return root;
}

void collect(QMenu* menu, const QString& prefix, QList<QPair<QString, QString>>& out) {
  for (QAction* a : menu->actions()) {
    if (a->isSeparator()) continue;
    const QString name = prefix + QStringLiteral(" > ") + a->text().remove(QLatin1Char('&')).replace(QStringLiteral("..."), QString());
    if (a->menu()) {
      collect(a->menu(), name, out);
      continue;
    }
    QStringList keys;
    for (const QKeySequence& k : a->shortcuts()) keys << k.toString(QKeySequence::NativeText);
    if (!keys.isEmpty()) out.append({name, keys.join(QStringLiteral("  or  "))});
  }
}

}  // namespace

void setDocumentationRoot(const QString& dir) { documentationRoot() = dir; }

QString findDocument(const QString& relative) {
  QStringList candidates;
  if (!documentationRoot().isEmpty()) candidates << QDir(documentationRoot()).filePath(relative);
  const QDir app(QCoreApplication::applicationDirPath());
  candidates << app.filePath(QStringLiteral("../../") + relative) << app.filePath(QStringLiteral("../") + relative)
             << QDir::current().filePath(relative);
  for (const QString& c : candidates)
    if (QFileInfo::exists(c)) return QFileInfo(c).canonicalFilePath();
  return {};
}

QStringList markdownSections(const QString& path) {
  QFile f(path);
  QStringList out;
  if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) return out;
  bool fence = false;
  for (const QString& line : QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'))) {
    if (line.startsWith(QStringLiteral("```"))) fence = !fence;
    if (fence) continue;
    if (line.startsWith(QStringLiteral("## ")) || line.startsWith(QStringLiteral("### ")))
      out << line.section(QLatin1Char(' '), 1).trimmed();
  }
  return out;
}

QDialog* makeDocumentDialog(QWidget* parent, const QString& title, const QString& path) {
  auto* dialog = new QDialog(parent);
  dialog->setWindowTitle(title);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->resize(980, 720);
  auto* layout = new QVBoxLayout(dialog);
  auto* where = new QLabel(dialog);
  where->setTextInteractionFlags(Qt::TextSelectableByMouse);
  where->setWordWrap(true);
  layout->addWidget(where);
  auto* row = new QHBoxLayout;
  auto* sections = new QListWidget(dialog);
  sections->setObjectName(QStringLiteral("sections"));
  sections->setMaximumWidth(260);
  auto* text = new QTextBrowser(dialog);
  text->setObjectName(QStringLiteral("text"));
  text->setOpenExternalLinks(true);
  row->addWidget(sections);
  row->addWidget(text, 1);
  layout->addLayout(row, 1);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
  QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
  layout->addWidget(buttons);

  QFile f(path);
  if (path.isEmpty() || !f.open(QIODevice::ReadOnly | QIODevice::Text)) {
    where->setText(QObject::tr("The document was not found next to the program or in the source tree (%1).")
                       .arg(path.isEmpty() ? QObject::tr("no path") : path));
    sections->hide();
    return dialog;
  }
  where->setText(QObject::tr("%1 \u2014 the same text as on GitHub; pick a section on the left.").arg(path));
  text->setSearchPaths({QFileInfo(path).absolutePath()});
  text->setMarkdown(QString::fromUtf8(f.readAll()));
  for (const QString& s : markdownSections(path)) sections->addItem(s);
  QObject::connect(sections, &QListWidget::currentTextChanged, text, [text](const QString& heading) {
    QTextCursor start(text->document());
    text->setTextCursor(start);
    // Headings render as text blocks: find the first block whose text is the heading.
    for (QTextBlock b = text->document()->begin(); b.isValid(); b = b.next())
      if (b.text().trimmed() == heading && b.blockFormat().headingLevel() > 0) {
        QTextCursor c(b);
        text->setTextCursor(c);
        text->ensureCursorVisible();
        // Put the heading at the top rather than the bottom of the view.
        text->verticalScrollBar()->setValue(static_cast<int>(text->document()->documentLayout()->blockBoundingRect(b).top()));
        return;
      }
  });
  return dialog;
}

QStringList shortcutList(QMainWindow* window) {
  QList<QPair<QString, QString>> rows;
  for (QAction* a : window->menuBar()->actions())
    if (a->menu()) collect(a->menu(), a->text().remove(QLatin1Char('&')), rows);
  rows.append({QObject::tr("Ruleset filter > Clear"), QObject::tr("Esc")});
  rows.append({QObject::tr("Tables > Edit the selected cell"), QObject::tr("F2 or Enter, or type")});
  rows.append({QObject::tr("Value fields > Apply what was typed"), QObject::tr("Enter or Tab")});
  QStringList out;
  for (const auto& [name, keys] : rows) out << name + QLatin1Char('\t') + keys;
  return out;
}

QDialog* makeShortcutsDialog(QMainWindow* window) {
  auto* dialog = new QDialog(window);
  dialog->setWindowTitle(QObject::tr("Keyboard Shortcuts"));
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  auto* layout = new QVBoxLayout(dialog);
  const QStringList rows = shortcutList(window);
  auto* table = new QTableWidget(static_cast<int>(rows.size()), 2, dialog);
  table->setHorizontalHeaderLabels({QObject::tr("Command"), QObject::tr("Shortcut")});
  table->verticalHeader()->hide();
  table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table->setAlternatingRowColors(true);
  for (int r = 0; r < rows.size(); ++r) {
    table->setItem(r, 0, new QTableWidgetItem(rows[r].section(QLatin1Char('\t'), 0, 0)));
    table->setItem(r, 1, new QTableWidgetItem(rows[r].section(QLatin1Char('\t'), 1)));
  }
  table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  table->horizontalHeader()->setStretchLastSection(true);
  layout->addWidget(table);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
  QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
  layout->addWidget(buttons);
  dialog->resize(640, 560);
  return dialog;
}

}  // namespace wb::app
