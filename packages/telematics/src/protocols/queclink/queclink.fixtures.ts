// Queclink @Track messages as printed in Queclink's protocol documents (the examples of the
// message sections; each line joined where the PDF wrapped it). Sources, read through the stored
// public pages of the documents:
//   GL300 @Tracker Air Interface Protocol, TRACGL300AN001 rev 1.02 (2013-11-26), §3.3.1.1
//     "General Position Report" (+RESP:GTFRI, one and two positions), §3.3.1 +RESP:GTIGL,
//     §3.4 "Heartbeat" (+ACK:GTHBD / +SACK:GTHBD) and §3.5 "Server Acknowledgement" (+SACK).
//   GV300 @Track Air Interface Protocol, TRACGV300AN002, p. 70 (+RESP:GTSPD, the GV300 event
//     report family with mileage).
//   GV200 @Track Air Interface Protocol, TRACGV200AN003, p. 110 (+RESP:GTERI, the extended fixed
//     report).
// The IMEIs are the documents' sample ids.

export const QUECLINK_DOC_FRAMES = {
  /** GL300, fixed report, one position. */
  gl300Fri:
    '+RESP:GTFRI,1A0102,135790246811220,,0,0,1,1,4.3,92,70.0,121.354335,31.222073,20090214013254,0460,0000,18d8,6141,00,,20090214093254,11F0$',
  /** GL300, fixed report, two positions (the second block repeats the first's fields). */
  gl300FriTwo:
    '+RESP:GTFRI,1A0102,135790246811220,,0,0,2,1,4.3,92,70.0,121.354335,31.222073,20090214013254,0460,0000,18d8,6141,00,0,4.3,92,70.0,121.354335,31.222073,20090101000000,0460,0000,18d8,6141,00,,20090214093254,11F0$',
  /** GL300, ignition location report: no speed, azimuth or altitude, no cell. */
  gl300Igl:
    '+RESP:GTIGL,1A0102,867844000125073,,,00,1,5,,,,117.201362,31.832724,20120821032037,,,,,,,,000C$',
  /** GV300, speed alarm, with the 2000.0 km mileage. */
  gv300Spd:
    '+RESP:GTSPD,060100,135790246811220,,,00,1,1,4.3,92,70.0,121.354335,31.222073,20090214013254,0460,0000,18d8,6141,00,2000.0,20090214093254,11F0$',
  /** GV200, extended fixed report (ERI mask, analog input, then the position block). */
  gv200Eri:
    '+RESP:GTERI,040408,862170010903183,,00000001,,10,1,1,0.5,55,71.8,117.200986,31.832871,20120818041519,0460,0000,5663,5A02,00,0.0,,,,,,,,1,0097,20120818041528,0030$',
  /** GL300 heartbeat and the answer the document gives for it. */
  gl300Heartbeat: '+ACK:GTHBD,1A0102,135790246811220,,20100214093254,11F0$',
  gl300HeartbeatAnswer: '+SACK:GTHBD,1A0102,11F0$',
  /** The server acknowledgement of a report whose count number is 11F0. */
  reportAnswer: '+SACK:11F0$',
} as const;
