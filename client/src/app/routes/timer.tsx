import { useState } from 'react';
import type { Verification } from '@common/schemas/verification';
import { useUser } from '@/features/auth/api/get-user';
import { WorkoutSaved } from '@/features/share/components/workout-saved';
import { TimerScreen } from '@/features/timer/components/timer-screen';
import { CountEntry } from '@/features/workouts/components/count-entry';

type Stage =
  | { kind: 'timer'; run: number }
  | { kind: 'entry'; taps: number; run: number; camera: { count: number; verification: Verification } | null }
  | { kind: 'saved'; pushups: number; verified: boolean };

/** Timer -> count entry -> Workout Saved (spec: Timer). */
export default function TimerRoute() {
  const { data: user } = useUser();
  const [stage, setStage] = useState<Stage>({ kind: 'timer', run: 0 });

  if (stage.kind === 'saved') {
    return <WorkoutSaved pushups={stage.pushups} verified={stage.verified} username={user?.username ?? ''} />;
  }
  if (stage.kind === 'entry') {
    return (
      <section aria-labelledby="entry-title" className="mx-auto grid w-full max-w-md gap-6 pt-4">
        <div className="text-center">
          <h1 id="entry-title" className="text-3xl font-extrabold tracking-tight text-primary">
            Time&apos;s up!
          </h1>
          <p className="text-muted-foreground">Great effort. Check your count and save it.</p>
        </div>
        <CountEntry
          initialCount={stage.camera?.count ?? stage.taps}
          camera={stage.camera}
          onSaved={(w) => setStage({ kind: 'saved', pushups: w.pushups, verified: w.verified })}
          onCancel={() => setStage({ kind: 'timer', run: stage.run + 1 })}
        />
      </section>
    );
  }
  return (
    <div className="mx-auto w-full max-w-md">
      <TimerScreen
        key={stage.run}
        onComplete={(taps, camera) => setStage({ kind: 'entry', taps, camera, run: stage.run })}
      />
    </div>
  );
}
