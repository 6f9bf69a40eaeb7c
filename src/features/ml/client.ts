import {
  mlActivatePath,
  mlReportFilePath,
  MlReport,
  ML_SCORE_PATH,
  ML_THRESHOLDS_PATH,
  ML_TRAINING_PATH,
  ThresholdsView,
  type MlKind,
  type TrainingKind,
} from '@/contract/ml';
import { api } from '@/lib/api';
import { relative } from '@/lib/resource';

/** `/MLUpload`'s calls (src/contract/ml.ts). Uploads are quiet: the cards show their errors. */
export const mlApi = {
  score: (kind: MlKind, file: File) =>
    api.upload(relative(ML_SCORE_PATH), file, MlReport, { searchParams: { kind, fileName: file.name }, quiet: true }),
  reportFile: (id: string, format: 'csv' | 'xlsx') =>
    api.download(relative(mlReportFilePath(id)), `anomalies.${format}`, { searchParams: { format } }),
  training: (kind: TrainingKind, from: string, to: string) =>
    api.download(relative(ML_TRAINING_PATH), `training-${kind}-days.csv`, { searchParams: { kind, from, to } }),
  thresholds: (signal?: AbortSignal) => api.get(relative(ML_THRESHOLDS_PATH), ThresholdsView, { signal }),
  uploadThresholds: (file: File, note: string) =>
    api.upload(relative(ML_THRESHOLDS_PATH), file, ThresholdsView, {
      searchParams: { fileName: file.name, ...(note ? { note } : {}) },
      quiet: true,
    }),
  activate: (version: number) => api.post(relative(mlActivatePath(version)), undefined, ThresholdsView),
};

export const THRESHOLDS_KEY = [ML_THRESHOLDS_PATH] as const;
