/** A form's message (FormMessage, and PlainMessage on the field path: ADR 047). */
export type MessageTone = 'danger' | 'warning' | 'success' | 'info';
export interface FormMessageValue {
  tone: MessageTone;
  text: string;
}
