import { LuCircleAlert, LuCircleCheck } from '@/app/ui/field-icons';
import type { FormMessageValue } from '@/app/ui/formMessageValue';
import css from './plain.module.css';

/** `app/ui/FormMessage` with static CSS (ADR 047): a message above a form, announced (role="alert"). */
export function PlainMessage({ message }: { message: FormMessageValue | null }) {
  if (!message) return null;
  const Icon = message.tone === 'success' ? LuCircleCheck : LuCircleAlert;
  return (
    <div role="alert" className={`${css.message} ${css[message.tone]}`}>
      <Icon aria-hidden />
      <div>{message.text}</div>
    </div>
  );
}
