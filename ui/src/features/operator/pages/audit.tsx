import { useEffect, useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Pagination } from '@/components/pagination';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';

import { useAudit, useAuditActions } from '../api/get-audit';
import { DataTable, PageTitle, Row, when } from '../components/ui';
import { useOpT } from '../i18n';

const show = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v));

export default function AuditPage() {
  const { t } = useOpT();
  const [form, setForm] = useState({ operator: '', action: '', target: '' });
  const [filters, setFilters] = useState(form);
  const [page, setPage] = useState(1);
  // cursors[n - 1] is where page n starts ('' the newest): pages are read by keyset, so the pages
  // offered are those reached and the next one.
  const [cursors, setCursors] = useState<string[]>(['']);
  const q = useAudit(filters, cursors[page - 1] ?? '');
  const next = q.isPlaceholderData || q.isError ? null : q.data?.next;
  useEffect(() => {
    if (next) setCursors((c) => (c.length === page ? [...c, next] : c));
  }, [next, page]);
  // The actions the server records come from its route table (GET /api/operator/audit/actions).
  const actions = useAuditActions();
  const apply = () => {
    setFilters({ operator: form.operator.trim(), action: form.action.trim(), target: form.target.trim() });
    setPage(1);
    setCursors(['']);
  };
  return (
    <>
      <PageTitle>{t('pages.audit')}</PageTitle>
      <Row style={styles.bar}>
        {(['operator', 'target'] as const).map((k) => (
          <View key={k} style={styles.field}>
            <TextField
              label={t(`audit.${k}`)}
              value={form[k]}
              onChangeText={(v) => setForm((f) => ({ ...f, [k]: v }))}
              onSubmitEditing={apply}
              autoCapitalize="none"
            />
          </View>
        ))}
        <View style={styles.field}>
          <Select
            label={t('audit.action')}
            value={form.action}
            onChange={(v) => setForm((f) => ({ ...f, action: v }))}
            options={[{ value: '', label: t('audit.anyAction') }, ...(actions.data?.actions ?? []).map((a) => ({ value: a, label: a }))]}
          />
        </View>
        <Button title={t('audit.filter')} onPress={apply} />
      </Row>
      <DataTable
        label={t('pages.audit')}
        csvName={`audit-page-${page}`}
        loading={q.isLoading}
        error={q.error}
        rows={q.data?.entries ?? []}
        rowKey={(e) => `${e.at}-${e.requestId ?? ''}-${e.action}-${e.target}`}
        minWidth={1100}
        columns={[
          { key: 'at', label: t('member.time'), text: (e) => when(e.at), flex: 1.1 },
          { key: 'operator', label: t('audit.operator'), text: (e) => e.operator },
          { key: 'role', label: t('audit.role'), text: (e) => e.role, flex: 0.7 },
          { key: 'action', label: t('audit.action'), text: (e) => e.action, flex: 1.2 },
          { key: 'target', label: t('audit.target'), text: (e) => e.target, flex: 1.2 },
          { key: 'before', label: t('audit.before'), text: (e) => show(e.before), flex: 1.5 },
          { key: 'after', label: t('audit.after'), text: (e) => show(e.after), flex: 1.5 },
          { key: 'ip', label: t('member.ip'), text: (e) => e.ip ?? '', flex: 0.9 },
          { key: 'requestId', label: t('audit.requestId'), text: (e) => e.requestId ?? '', flex: 1 },
        ]}
      />
      <Pagination page={page} pages={cursors.length} onChange={setPage} />
    </>
  );
}

const styles = StyleSheet.create({
  bar: { alignItems: 'flex-end' },
  field: { flexGrow: 1, flexBasis: 180 },
});
