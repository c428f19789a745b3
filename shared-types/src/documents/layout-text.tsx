/** @jsxRuntime automatic */
/** @jsxImportSource react */
/** The text pieces of the document layout: plain lines, facts, labelled lines and rich notes. */
import { Link, Text, View } from '@react-pdf/renderer';
import { s } from './layout-styles';
import { parseNotes, type NoteRun } from './notes';

export function Lines({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l, i) => (
      <Text key={i} style={s.line}>
        {l}
      </Text>
    ));
}

export function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <View style={s.fact}>
      <Text style={s.factLabel}>{label}</Text>
      <Text style={s.factValue}>{value}</Text>
    </View>
  );
}

/** "Label: value" on a line of its own; nothing without a value. */
export function LabeledLine({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <Text style={s.line}>
      {label}: {value}
    </Text>
  );
}

function Run({ run }: { run: NoteRun }) {
  const style = {
    ...(run.bold ? { fontWeight: 700 } : {}),
    ...(run.italic ? { fontStyle: 'italic' as const } : {}),
    ...(run.underline ? { textDecoration: 'underline' as const } : {}),
    ...(run.strike ? { textDecoration: 'line-through' as const } : {}),
  };
  if (run.href)
    return (
      <Link src={run.href} style={[s.link, style]}>
        {run.text}
      </Link>
    );
  return <Text style={style}>{run.text}</Text>;
}
export function Notes({ html, label }: { html: string; label: string }) {
  const blocks = parseNotes(html);
  if (blocks.length === 0) return null;
  return (
    <View style={s.section}>
      <Text style={s.label}>{label}</Text>
      {blocks.map((block, i) =>
        block.type === 'paragraph' ? (
          <Text key={i} style={s.paragraph}>
            {block.runs.map((run, j) => (
              <Run key={j} run={run} />
            ))}
          </Text>
        ) : (
          <View key={i} style={s.paragraph}>
            {block.items.map((item, j) => (
              <View key={j} style={s.listItem} wrap={false}>
                <Text style={s.bullet}>{block.ordered ? `${j + 1}.` : '•'}</Text>
                <Text style={{ flex: 1 }}>
                  {item.map((run, k) => (
                    <Run key={k} run={run} />
                  ))}
                </Text>
              </View>
            ))}
          </View>
        ),
      )}
    </View>
  );
}
