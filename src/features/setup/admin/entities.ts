import { SETUP_RESOURCES } from '@/contract/setup';

/** Entity names of the setup resources (audit log and deleted list), readable. */
export const ENTITY_OPTIONS = Object.values(SETUP_RESOURCES).map((r) => ({ value: r.entity, label: r.title }));
export const entityTitle = (e: string) => ENTITY_OPTIONS.find((o) => o.value === e)?.label ?? e;
