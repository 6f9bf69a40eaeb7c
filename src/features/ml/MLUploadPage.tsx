import { Stack } from '@chakra-ui/react';
import { ScoreCard } from './ScoreCard';
import { ThresholdsCard } from './ThresholdsCard';
import { TrainingCard } from './TrainingCard';

/** `/MLUpload` (ThebigBoss, ADR 052): sandbox scoring, the training set, the detection thresholds. */
export function MLUploadPage() {
  return (
    <Stack gap="4">
      <ScoreCard />
      <TrainingCard />
      <ThresholdsCard />
    </Stack>
  );
}
