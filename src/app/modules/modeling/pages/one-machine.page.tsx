import WorkMachinesTab from './work-machines.tab';

/** 一体机 (/oneMachine): the same list as the 建模 tab, as a page of its own. */
export default function OneMachinePage() {
  return (
    <div className="mes-one-machine">
      <WorkMachinesTab />
    </div>
  );
}
