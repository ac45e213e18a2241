import { useRouter, type Href } from 'expo-router';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';

import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';

import { useMembers } from '../api/get-members';
import type { MemberRow } from '../api/types';
import { PagedTable } from '../components/paged-table';
import { Badge, PageTitle, Row, when } from '../components/ui';
import { useOpT } from '../i18n';

export default function MembersPage() {
  const { t } = useOpT();
  const router = useRouter();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useMembers(q, page);
  const search = () => {
    setQ(text.trim());
    setPage(1);
  };
  const open = (m: MemberRow) => router.push(`/operator/members/${encodeURIComponent(m._id)}` as Href);
  return (
    <>
      <PageTitle>{t('pages.members')}</PageTitle>
      <Row style={styles.search}>
        <View style={styles.grow}>
          <TextField
            label={t('members.search')}
            placeholder={t('members.searchHint')}
            value={text}
            onChangeText={setText}
            onSubmitEditing={search}
          />
        </View>
        <Button title={t('members.searchButton')} onPress={search} />
      </Row>
      <PagedTable
        label={t('pages.members')}
        csvName="members"
        loading={list.isLoading}
        error={list.error}
        rows={list.data?.members ?? []}
        rowKey={(m) => m._id}
        columns={[
          { key: 'code', label: t('members.code'), text: (m) => m.memberCode },
          { key: 'phone', label: t('members.phone'), text: (m) => m.phone },
          { key: 'name', label: t('members.name'), text: (m) => m.name, flex: 1.5 },
          { key: 'bank', label: t('members.bank'), text: (m) => `${m.bankCode} ${m.bankAccountNo}`, flex: 1.5 },
          {
            key: 'status',
            label: t('members.status'),
            text: (m) => m.status,
            render: (m) => (
              <Badge label={t(`members.statuses.${m.status}`, { defaultValue: m.status })} tone={m.status === 'active' ? 'good' : 'bad'} />
            ),
          },
          { key: 'createdAt', label: t('members.createdAt'), text: (m) => when(m.createdAt), flex: 1.3 },
          {
            key: 'open',
            label: t('common.actions'),
            text: (m) => m._id,
            render: (m) => (
              <Button
                variant="link"
                title={t('members.open')}
                accessibilityLabel={t('members.openNamed', { name: m.name || m.phone })}
                onPress={() => open(m)}
              />
            ),
          },
        ]}
        page={page}
        total={list.data?.total ?? 0}
        onPage={setPage}
      />
    </>
  );
}

const styles = StyleSheet.create({
  search: { alignItems: 'flex-end' },
  grow: { flex: 1, minWidth: 240 },
});
