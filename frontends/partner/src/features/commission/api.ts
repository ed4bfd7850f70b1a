import type { LedgerLineView, StatementView } from '@portal/contracts';
import { api } from '@portal/ui';

/** The partner's statements (and each as a file) and its ledger. */
export const statements = async () => (await api.get<{ statements: StatementView[] }>('/api/partners/area/statements')).data.statements;
export const ledger = async () => (await api.get<{ lines: LedgerLineView[] }>('/api/partners/area/ledger')).data.lines;
export const statementUrl = (month: string, format: 'csv' | 'pdf') => `/api/partners/area/statements/${month}/${format}`;
